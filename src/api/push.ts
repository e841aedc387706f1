// The WebSocket push protocol (`GET /v1/ws`): the frames the server sends and its close codes. Types
// only (their zod schemas are in schemas.ts: WsConnectedFrame, WsErrorFrame, WsPongFrame, NewMailEvent).
import type { z } from 'zod';
import type { NewMailEvent, WsConnectedFrame, WsPongFrame } from './schemas.js';

/** Sent once, right after the upgrade: what the connection follows. */
export type ConnectedFrame = z.infer<typeof WsConnectedFrame>;

/** A refusal or a notice (plan, quota, bad client frame); its extra fields are those of an error body. */
export interface ErrorFrame {
  type: 'error';
  code: string;
  message: string;
  [extra: string]: unknown;
}

/** The answer to a client's `{"type":"ping"}`. */
export type PongFrame = z.infer<typeof WsPongFrame>;

/** A new message: the `new_mail` event, masked below growth (with `_upgrade_hint` then). */
export type NewMailFrame = NewMailEvent & { _upgrade_hint?: string };

export type PushServerFrame = ConnectedFrame | ErrorFrame | PongFrame | NewMailFrame;

/** Close codes (RFC 6455) the server uses. */
export const WS_CLOSE = {
  /** The emulator is shutting down. */
  goingAway: 1001,
  /** Refused or ended by policy: auth, plan, inbox, connection cap. */
  policy: 1008,
  /** The emulator was reset: reconnect (with a key of the fresh state). */
  serviceRestart: 1012,
} as const;
