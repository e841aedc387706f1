// The patterns of fault rules' conditions: globs (`*` any run of characters, `?` one) matched against
// the whole value without regard to case, or a list of them (any one matching).

/** A compiled pattern or list: true when the value matches. */
export type Matcher = (value: string) => boolean;

function globRegExp(glob: string): RegExp {
  let source = '';
  for (const ch of glob) {
    if (ch === '*') source += '.*';
    else if (ch === '?') source += '.';
    else source += ch.replace(/[.+^${}()|[\]\\/-]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'is');
}

export function compilePatterns(p: string | readonly string[]): Matcher {
  const list = (typeof p === 'string' ? [p] : p).map((g) => {
    if (g === '*') return () => true;
    if (!/[*?]/.test(g)) {
      const exact = g.toLowerCase();
      return (v: string) => v.toLowerCase() === exact;
    }
    const re = globRegExp(g);
    return (v: string) => re.test(v);
  });
  return list.length === 1 ? list[0]! : (v) => list.some((m) => m(v));
}
