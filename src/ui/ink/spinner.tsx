// A one-line spinner for waits (mail, DNS verification), drawn on stderr: the time spent, or with
// `totalMs` the time left ("27 s left").
import { useEffect, useState } from 'react';
import { Text } from 'ink';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

export function Spinner(props: { label: string; color: boolean; startedAt: number; totalMs?: number }) {
  const [frame, setFrame] = useState(0);
  const [now, setNow] = useState(props.startedAt);
  useEffect(() => {
    const t = setInterval(() => {
      setFrame((f) => (f + 1) % FRAMES.length);
      setNow(Date.now());
    }, 80);
    return () => clearInterval(t);
  }, []);
  const secs = Math.floor((now - props.startedAt) / 1000);
  const time = props.totalMs === undefined ? `${secs}s` : `${Math.max(0, Math.ceil((props.totalMs - (now - props.startedAt)) / 1000))} s left`;
  return (
    <Text>
      <Text color={props.color ? 'cyan' : undefined}>{FRAMES[frame]}</Text> {props.label}
      <Text dimColor={props.color}> {time}</Text>
    </Text>
  );
}
