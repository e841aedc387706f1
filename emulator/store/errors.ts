// Why a data file cannot be opened: locked by another emulator, written by a newer format, damaged.
// Each carries a hint that says what to do; the CLI turns them into exit code 10.

export type StoreErrorCode = 'data_locked' | 'data_format_newer' | 'data_corrupt';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    readonly hint: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}
