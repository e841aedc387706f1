// explain() is extract() with its trace kept (src/extract/extract.ts): the rules' own reasons for each
// candidate, with the text around it. That it gives extract()'s values on every fixture mail is checked in
// test/extract.test.ts, beside the corpora's scores, so that each mail is parsed once per run.
import { describe, expect, it } from 'vitest';
import { CONTEXT_CHARS, explain } from '../src/extract/extract.js';

describe('explain(): the reasons the rules computed', () => {
  it('a code word before the chosen code; a number after "Order" rejected by that label', () => {
    const e = explain({ text: 'Order 123456 has shipped.\nYour verification code is 482 913.' });
    expect(e.otp).toBe('482913');
    const [first, second] = e.codes;
    expect(first).toMatchObject({ rank: 1, value: '482913', verdict: 'chosen', source: 'text', shape: 'split' });
    expect(first?.score).toBeGreaterThanOrEqual(3);
    expect(first?.reasons).toContain('code word "code" 4 characters before (+4.5)');
    expect(first?.reasons).toContain('shape: a number in groups (+1)');
    expect(first?.context).toEqual({ before: 'has shipped. Your verification code is ', match: '482 913', after: '.' });
    expect(second).toMatchObject({ value: '123456', verdict: 'rejected', score: null });
    expect(second?.reasons.at(-1)).toMatch(/^rejected: it follows "Order", a label of numbers that are not codes/);
  });

  it('null: a meeting passcode is no code word, and labels the value after it', () => {
    const e = explain({ text: 'Join the Zoom meeting.\nZoom passcode 482913\nSee you there' });
    expect(e.otp).toBeNull();
    expect(e.codes).toHaveLength(1);
    expect(e.codes[0]).toMatchObject({ value: '482913', verdict: 'rejected' });
    expect(e.codes[0]?.reasons).toEqual([
      'rejected: it follows "Zoom passcode", a code word made into another kind of code (meeting, promo, postal, reference, customer...): that code, no one-time code',
    ]);
  });

  it('null: a meeting passcode away from its value is no code word, and says so', () => {
    const e = explain({ text: 'Join the Zoom meeting. Zoom passcode below, see you there.\nThe room opens at 9.\n\n\n482913' });
    expect(e.otp).toBeNull();
    expect(e.codes[0]?.reasons).toContain('"Zoom passcode" names another kind of code (meeting, promo, postal...): not counted as a code word');
  });

  it('a postcode that scored is still dropped by the address pattern', () => {
    const e = explain({ text: 'Your verification code: 482913\nQuill SAS, 10 Rue de Rivoli, 75008 Paris' });
    const post = e.codes.find((c) => c.value === '75008');
    expect(post?.verdict).toBe('rejected');
    expect(post?.score).toBe(3.5);
    expect(post?.reasons.at(-1)).toBe('rejected: it is part of what looks like a postcode or address line');
  });

  it('a price and a unit are vetoed by their neighbours', () => {
    const e = explain({ text: 'Your code: 482913. You paid € 123456, we drove 5000 km. The code expires in 10 minutes.' });
    expect(e.otp).toBe('482913');
    expect(e.codes.find((c) => c.value === '123456')?.reasons.at(-1)).toBe('rejected: "€" before it (a number, price or phone number)');
    expect(e.codes.find((c) => c.value === '5000')?.reasons.at(-1)).toBe('rejected: the unit "km" after it (a quantity, time or street number)');
  });

  it('the subject and the body: the subject wins only with a higher score', () => {
    const e = explain({ subject: 'Code 111222', text: 'Your verification code is 482913.' });
    expect(e.otp).toBe('482913');
    const subject = e.codes.find((c) => c.source === 'subject');
    expect(subject).toMatchObject({ value: '111222', verdict: 'accepted', rank: 2 });
    expect(subject?.reasons.at(-1)).toMatch(/^outscored: the subject's code must score higher than the body's, and "482913"/);
    expect(e.notes).toContain('code: the subject names a code, which lends support to a code standing out in the body');
  });

  it('HTML: emphasis counts, and the part skipped is named', () => {
    const html = '<p>Your sign-in code</p><h1 style="letter-spacing:4px">839201</h1>';
    const e = explain({ subject: 'Welcome', html });
    expect(e.otp).toBe('839201');
    expect(e.codes[0]).toMatchObject({ verdict: 'chosen', source: 'html' });
    expect(e.codes[0]?.reasons).toContain('emphasised in the HTML: bold, heading, large or letter-spaced (+1.5)');
    expect(explain({ text: 'Your code is 482913', html }).notes).toContain(
      'code: the HTML part was not searched, as the text part had a code (the text part comes first)',
    );
  });

  it('links: each rule in words, rejected ones with the rule that rejected them', () => {
    const html =
      '<a href="https://ex.com/verify?token=abcdefghij">Confirm your email</a> <a href="https://ex.com/signin">Sign in</a>' +
      ' <a href="https://ex.com/unsubscribe">Unsubscribe</a> <a href="https://twitter.com/ex">Twitter</a>';
    const e = explain({ html });
    expect(e.verificationLink).toBe('https://ex.com/verify?token=abcdefghij');
    expect(e.links.map((l) => [l.rank, l.verdict, l.score])).toEqual([
      [1, 'chosen', 9],
      [2, 'rejected', 3.5],
      [3, 'rejected', null],
      [4, 'rejected', null],
    ]);
    expect(e.links[0]?.reasons).toEqual([
      'the URL names the action ("verif": +3)',
      'the URL carries a token-like parameter (+2)',
      'the label asks to verify, confirm, activate or reset ("confirm": +4)',
    ]);
    expect(e.links[0]?.context.match).toBe('Confirm your email');
    expect(e.links[1]?.reasons.at(-1)).toBe('rejected: score 3.5 is below the threshold 4');
    expect(e.links[2]?.reasons).toEqual(['rejected: the URL is an unsubscribe, preferences, legal, help or similar page ("unsub")']);
    expect(e.links[3]?.reasons).toEqual(['rejected: a social network or app store (twitter.com)']);
  });

  it('an accepted link that lost says what beat it', () => {
    const text = 'Verify your email: https://ex.com/verify?token=abcdefghij\nOr sign in: https://ex.com/login?token=zyxwvutsrq';
    const e = explain({ text });
    expect(e.links[1]).toMatchObject({ verdict: 'accepted', url: 'https://ex.com/login?token=zyxwvutsrq' });
    expect(e.links[1]?.reasons.at(-1)).toBe('outscored by https://ex.com/verify?token=abcdefghij (a higher score, or the same score earlier)');
  });

  it('nothing to find: notes say so', () => {
    const e = explain({ subject: 'Hello', text: 'Nice to meet you.' });
    expect(e).toMatchObject({ otp: null, verificationLink: null, codes: [], links: [] });
    expect(e.notes).toEqual([
      'code: nothing shaped like a code (4 to 8 digits, digits in groups, capitals with digits) in what was searched',
      'link: no http(s) link in what was searched',
    ]);
  });

  it('context: at most CONTEXT_CHARS either side, on one line, without control or bidi characters', () => {
    const filler = 'x'.repeat(100);
    const e = explain({ text: `${filler} the code\u0007 is\u202e\n 482913 \u2066and\tthen ${filler}` });
    const c = e.codes[0]!;
    expect(c.value).toBe('482913');
    expect(c.context.before.length).toBeLessThanOrEqual(CONTEXT_CHARS);
    expect(c.context.after.length).toBeLessThanOrEqual(CONTEXT_CHARS);
    expect(c.context.before.endsWith('the code is ')).toBe(true);
    expect(c.context.after.startsWith(' and then x')).toBe(true);
    expect(JSON.stringify(c.context)).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|\\u00|\\n|\\t/);
  });
});
