// The package's library entry: the emulator for test suites, and the wire contract.
// MailReader: one pool of mail-reading worker threads for every emulator a process starts (`startEmulator({mailReader})`).
export { MailReader, startEmulator, type StartOptions, type RunningEmulator, type ResetScope } from '../emulator/server.js';
export * from './api/index.js';
// The fault rules' types (docs/faults.md), for `startEmulator({faults})` and `emulator.faults`.
export type { FaultHit, FaultRule, FaultRuleInput, FaultRulesInput, FaultRuleView } from './api/faults.js';
// The typed HTTP client (works against the hosted service and against `inbox emulate` alike).
export * from './client/index.js';
