// Renders Ink views once (tables, field lists) or live (spinner). Loaded only in terminal mode.
import { render } from 'ink';
import type { ReactElement } from 'react';
import type { Column, Fields } from '../format.js';
import { Spinner } from './spinner.js';
import { FieldList, Table } from './table.js';

type Stream = NodeJS.WriteStream;

async function once(el: ReactElement, stdout: Stream): Promise<void> {
  const inst = render(el, { stdout, patchConsole: false, exitOnCtrlC: false });
  inst.unmount();
  await inst.waitUntilExit();
}

export function renderTable<R>(stdout: Stream, columns: Array<Column<R>>, rows: R[], color: boolean): Promise<void> {
  return once(<Table columns={columns} rows={rows} color={color} />, stdout);
}

export function renderFields(stdout: Stream, fields: Fields, color: boolean): Promise<void> {
  return once(<FieldList fields={fields} color={color} />, stdout);
}

export interface LiveSpinner {
  update(label: string): void;
  stop(): void;
}

export function startSpinner(stderr: Stream, label: string, color: boolean): LiveSpinner {
  const startedAt = Date.now();
  const inst = render(<Spinner label={label} color={color} startedAt={startedAt} />, {
    stdout: stderr, patchConsole: false, exitOnCtrlC: false,
  });
  return {
    update(next) {
      inst.rerender(<Spinner label={next} color={color} startedAt={startedAt} />);
    },
    stop() {
      inst.clear();
      inst.unmount();
    },
  };
}
