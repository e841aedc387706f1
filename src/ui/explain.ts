// The explanation of one message's extraction (`inbox otp --explain`, `inbox messages read --explain`)
// as plain text for pipes: what the service reported, what the extractor finds, and every code and
// link candidate in rank order with its reasons and the text around it. Stable (same data, same
// bytes); every value from the mail passes the terminal gate. The Ink view is ink/explain.tsx.
import type { CodeCandidate, Explanation, LinkCandidateExplained, Snippet } from '../extract/extract.js';
import { terminalText } from './terminal-text.js';

/** What the CLI prints (and, with --json, writes as is): the message, the service's values, explain()'s. */
export interface ExplainReport extends Explanation {
  inbox: string;
  message_id: string;
  subject: string;
  /** What the service that stored the message reported for it (masked values as it sent them). */
  service: { otp: string | null; verificationLink: string | null };
  /** Whether the service's values are the ones the extractor finds here. */
  agrees: boolean;
}

const t = (s: string) => terminalText(s);

/** `…before[match]after…` on one line. */
export function snippetLine(s: Snippet): string {
  if (!s.before && !s.match && !s.after) return '';
  return t(`…${s.before}[${s.match}]${s.after}…`);
}

export function scoreText(score: number | null): string {
  return score === null ? 'not scored' : `score ${score}`;
}

/** The lines of the summary block: the message, and the service's values against the extractor's. */
export function summaryLines(r: ExplainReport): Array<[string, string]> {
  const show = (v: string | null) => (v === null ? '(none)' : t(v));
  return [
    ['Message', `${t(r.message_id)} in ${t(r.inbox)}`],
    ['Subject', t(r.subject) || '(no subject)'],
    ['Code', `${show(r.otp)}${r.service.otp === r.otp ? '' : ` (the service reported ${show(r.service.otp)})`}`],
    [
      'Link',
      `${show(r.verificationLink)}${r.service.verificationLink === r.verificationLink ? '' : ` (the service reported ${show(r.service.verificationLink)})`}`,
    ],
  ];
}

/** Said when the service's values differ from the extractor's. */
export const DISAGREE_NOTE =
  'the service reported other values than the extractor of this inbox version finds: its rules differ (another version), or it masks values on this plan';

function codeHead(c: CodeCandidate): string {
  return `${c.rank}. ${c.verdict} ${t(c.value)} (${scoreText(c.score)}; ${c.source}; ${c.shape})`;
}

function linkHead(l: LinkCandidateExplained): string {
  return `${l.rank}. ${l.verdict} ${t(l.url)} (${scoreText(l.score)}; ${l.source})`;
}

/** The block of one candidate: its head line, then indented context, label and reasons. */
function block(head: string, context: Snippet, reasons: string[], label?: string): string[] {
  const out = [head];
  if (label !== undefined) out.push(`   label: ${t(label) || '(none)'}`);
  const snip = snippetLine(context);
  if (snip) out.push(`   ${snip}`);
  for (const r of reasons) out.push(`   - ${t(r)}`);
  return out;
}

/** The whole explanation as plain text, ending with a newline. */
export function formatExplanation(r: ExplainReport): string {
  const lines: string[] = [];
  const sum = summaryLines(r);
  const w = Math.max(...sum.map(([l]) => l.length));
  for (const [label, value] of sum) lines.push(`${label.padEnd(w)}  ${value}`);
  if (!r.agrees) lines.push(`note: ${DISAGREE_NOTE}`);
  lines.push('', `Code candidates (${r.codes.length}; a code needs a score of ${r.thresholds.code}):`);
  if (r.codes.length === 0) lines.push('(none)');
  for (const c of r.codes) lines.push(...block(codeHead(c), c.context, c.reasons));
  lines.push('', `Link candidates (${r.links.length}; a link needs a score of ${r.thresholds.link}):`);
  if (r.links.length === 0) lines.push('(none)');
  for (const l of r.links) lines.push(...block(linkHead(l), l.context, l.reasons, l.label));
  if (r.notes.length > 0) {
    lines.push('', 'Notes:');
    for (const n of r.notes) lines.push(`- ${t(n)}`);
  }
  return `${lines.join('\n')}\n`;
}
