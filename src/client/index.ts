// The typed client of the Disposable Inbox API (also the library's `InboxClient`).
export { InboxClient, parseRetryAfter, type InboxClientOptions, type CallOptions, type RetryInfo, type RateLimitInfo } from './client.js';
export { InboxApiError, InboxNetworkError, InboxWaitTimeoutError, type NetworkErrorKind } from './errors.js';
export { waitForMessage, type WaitForOptions, type WaitForResult, type WaitedMessage, type WaitOptions, type WaitingClient } from './wait.js';
export type { FetchFn, FetchInit, FetchResponse } from './fetch.js';
