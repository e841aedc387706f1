// Exit codes of the `inbox` binary. README.md's table is written from this one.
export const EXIT = {
  ok: 0,
  /** Unexpected failure (a bug, or an API error with no more specific code). */
  error: 1,
  /** Bad flags or arguments. */
  usage: 2,
  /** 401: missing or invalid API key. */
  auth: 3,
  /** 403 plan_required / plan_restriction: the plan does not allow it. */
  plan: 4,
  /** 404: the domain, inbox, message or webhook does not exist. */
  notFound: 5,
  /** 429 after the bounded retries. */
  rateLimited: 6,
  /** The service could not be reached, or did not answer in time. */
  network: 7,
  /** `inbox wait` / `domains verify --wait` ran out of time. */
  timeout: 8,
  /** Other 4xx answers: the request was refused (invalid input, not owned, limit reached). */
  rejected: 9,
  /** The emulator could not start (port in use, data file locked or of a newer format) or stop cleanly. */
  emulator: 10,
} as const;

export type ExitName = keyof typeof EXIT;
