// Short ids: the hosted service's shape, and never a leading "-" or "_" (a message id is passed to
// `inbox messages read <inbox> <id>`, where a leading "-" would be taken for an option).
import { describe, expect, it } from 'vitest';
import { shortId } from '../../emulator/core/ids.js';

describe('shortId', () => {
  it('starts with a letter or digit whatever the first random byte is', () => {
    for (let first = 0; first < 256; first++) {
      const id = shortId((n) => Buffer.from([first, ...Array.from({ length: n - 1 }, (_, i) => (first + i * 37) & 255)]));
      expect(id).toMatch(/^[0-9A-Za-z][0-9A-Za-z_-]{9}$/);
    }
  });

  it('uses "-" and "_" after the first character, and honours the length', () => {
    const id = shortId((n) => Buffer.alloc(n, 63), 12);
    expect(id).toHaveLength(12);
    expect(id.slice(1)).toBe('-'.repeat(11));
  });
});
