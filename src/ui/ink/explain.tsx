// Ink view of an extraction's explanation (inbox otp --explain, inbox messages read --explain in a
// terminal): the same content as the plain text of ../explain.ts, the verdicts in colour.
import { Box, Text } from 'ink';
import type { Snippet, Verdict } from '../../extract/extract.js';
import { DISAGREE_NOTE, scoreText, summaryLines, type ExplainReport } from '../explain.js';
import { terminalText } from '../terminal-text.js';

const VERDICT_COLOR: Record<Verdict, 'green' | 'yellow' | 'gray'> = { chosen: 'green', accepted: 'yellow', rejected: 'gray' };

function Context({ s }: { s: Snippet }) {
  if (!s.before && !s.match && !s.after) return null;
  return (
    <Text wrap="wrap">
      {'   …'}
      {terminalText(s.before)}
      <Text bold>{terminalText(s.match)}</Text>
      {terminalText(s.after)}…
    </Text>
  );
}

function Candidate(props: {
  rank: number;
  verdict: Verdict;
  value: string;
  detail: string;
  label?: string;
  context: Snippet;
  reasons: string[];
  color: boolean;
}) {
  const { color } = props;
  return (
    <Box flexDirection="column">
      <Text wrap="wrap">
        {props.rank}. <Text color={color ? VERDICT_COLOR[props.verdict] : undefined}>{props.verdict}</Text>{' '}
        <Text bold={color}>{terminalText(props.value)}</Text> <Text dimColor={color}>({props.detail})</Text>
      </Text>
      {props.label !== undefined ? <Text wrap="wrap">{`   label: ${terminalText(props.label) || '(none)'}`}</Text> : null}
      <Context s={props.context} />
      {props.reasons.map((r, i) => (
        <Text key={i} wrap="wrap" dimColor={color && r.startsWith('rejected')}>
          {`   - ${terminalText(r)}`}
        </Text>
      ))}
    </Box>
  );
}

export function ExplainView({ report: r, color }: { report: ExplainReport; color: boolean }) {
  const sum = summaryLines(r);
  const w = Math.max(...sum.map(([l]) => l.length));
  return (
    <Box flexDirection="column">
      {sum.map(([label, value]) => (
        <Text key={label} wrap="wrap">
          <Text dimColor={color}>{label.padEnd(w)}</Text> {value}
        </Text>
      ))}
      {!r.agrees ? <Text color={color ? 'yellow' : undefined}>note: {DISAGREE_NOTE}</Text> : null}
      <Text> </Text>
      <Text bold={color}>
        Code candidates ({r.codes.length}; a code needs a score of {r.thresholds.code}):
      </Text>
      {r.codes.length === 0 ? <Text>(none)</Text> : null}
      {r.codes.map((c) => (
        <Candidate
          key={`c${c.rank}`}
          rank={c.rank}
          verdict={c.verdict}
          value={c.value}
          detail={`${scoreText(c.score)}; ${c.source}; ${c.shape}`}
          context={c.context}
          reasons={c.reasons}
          color={color}
        />
      ))}
      <Text> </Text>
      <Text bold={color}>
        Link candidates ({r.links.length}; a link needs a score of {r.thresholds.link}):
      </Text>
      {r.links.length === 0 ? <Text>(none)</Text> : null}
      {r.links.map((l) => (
        <Candidate
          key={`l${l.rank}`}
          rank={l.rank}
          verdict={l.verdict}
          value={l.url}
          detail={`${scoreText(l.score)}; ${l.source}`}
          label={l.label}
          context={l.context}
          reasons={l.reasons}
          color={color}
        />
      ))}
      {r.notes.length > 0 ? (
        <>
          <Text> </Text>
          <Text bold={color}>Notes:</Text>
          {r.notes.map((n, i) => (
            <Text key={i} wrap="wrap">
              - {terminalText(n)}
            </Text>
          ))}
        </>
      ) : null}
    </Box>
  );
}
