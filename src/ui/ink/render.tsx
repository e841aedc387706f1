// Renders Ink views once (tables, field lists) or live (spinner). Loaded only in terminal mode.
import chalk from 'chalk';
import { render, renderToString } from 'ink';
import type { ReactElement } from 'react';
import type { ExplainReport } from '../explain.js';
import type { Column, Fields } from '../format.js';
import { ExplainView } from './explain.js';
import { Spinner } from './spinner.js';
import { FieldList, Table } from './table.js';

type Stream = NodeJS.WriteStream;

// A static view is rendered to a string, then written: render() on the terminal would clear the whole
// screen and its scrollback when the view is taller than the window (a long table).
// Whether to colour is decided once, by the caller (mode.ts: NO_COLOR, FORCE_COLOR, the stream); chalk,
// which Ink paints with, guessed its own level when it was first loaded and must not veto that.
function allowColor(color: boolean): void {
  if (color && chalk.level === 0) chalk.level = 1;
}

async function once(el: ReactElement, stdout: Stream): Promise<void> {
  stdout.write(renderToString(el, { columns: stdout.columns || 80 }) + '\n');
}

export function renderTable<R>(stdout: Stream, columns: Array<Column<R>>, rows: R[], color: boolean): Promise<void> {
  allowColor(color);
  return once(<Table columns={columns} rows={rows} color={color} width={stdout.columns || 80} />, stdout);
}

export function renderFields(stdout: Stream, fields: Fields, color: boolean): Promise<void> {
  allowColor(color);
  return once(<FieldList fields={fields} color={color} />, stdout);
}

export function renderExplanation(stdout: Stream, report: ExplainReport, color: boolean): Promise<void> {
  allowColor(color);
  return once(<ExplainView report={report} color={color} />, stdout);
}

export interface LiveSpinner {
  update(label: string): void;
  stop(): void;
}

export function startSpinner(stderr: Stream, label: string, color: boolean, totalMs?: number): LiveSpinner {
  allowColor(color);
  const startedAt = Date.now();
  const inst = render(<Spinner label={label} color={color} startedAt={startedAt} totalMs={totalMs} />, {
    stdout: stderr,
    patchConsole: false,
    exitOnCtrlC: false,
  });
  let stopped = false;
  return {
    update(next) {
      if (!stopped) inst.rerender(<Spinner label={next} color={color} startedAt={startedAt} totalMs={totalMs} />);
    },
    stop() {
      if (stopped) return;
      stopped = true;
      // An empty last frame: unmounting keeps the last frame on screen, and the spinner must not stay.
      inst.rerender(<></>);
      inst.unmount();
    },
  };
}
