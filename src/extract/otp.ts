/**
 * One-time-code detection.
 *
 * 1. Find code candidates in the text (candidates.ts).
 * 2. Drop the vetoed ones (vetoes.ts): masked patterns, units and currencies
 *    around them, blocker words before them.
 * 3. Score each surviving candidate by its distance to code keywords before and
 *    after it, plus bonuses for shape, visual emphasis and standing alone on a
 *    line. The best candidate above THRESHOLD wins (earliest on ties).
 */
import { generateCandidates, tokenize, type Candidate, type Kind, type Token } from './candidates.js';
import { scanVocabulary, type Keyword, type Vocabulary } from './keywords.js';
import { blockedMask, blockedTokens, lowerBound, neighbourReject } from './vetoes.js';

export interface OtpDoc {
  text: string;
  emphasis?: Array<[number, number]>;
}

export interface OtpResult {
  value: string;
  score: number;
}

const THRESHOLD = 3;
const BEFORE_WINDOW = 250;
const AFTER_WINDOW = 100;

const TIGHT_GAP_RE = /^[\s:=)\]>*"'«»„“”.\-–—]{0,6}(?:(?:is|are|was|ist|lautet|lauten|est|sont|es|son|é|è|è:|:)[\s:]{0,4})?$/i;

function proximity(distance: number, after: boolean): number {
  if (after) {
    if (distance <= 40) return 0.9;
    if (distance >= AFTER_WINDOW) return 0;
    return (0.9 * (AFTER_WINDOW - distance)) / (AFTER_WINDOW - 40);
  }
  if (distance <= 60) return 1;
  if (distance >= BEFORE_WINDOW) return 0;
  return 1 - (0.7 * (distance - 60)) / (BEFORE_WINDOW - 60);
}

const KIND_BONUS: Record<Kind, number> = {
  num: 0.5,
  split: 1,
  spaced: 0.5,
  prefixed: 1.5,
  alnum: 0.5,
  alnumPair: 1,
  letters: 0,
  lettersPair: 0,
  mixed: 0,
};

interface Context {
  score: number;
  /** Distance to the nearest supporting keyword. */
  distance: number;
  /** A code word ("code", "OTP", "PIN"...) directly precedes the candidate ("code: X", "code is X"). */
  tightStrong: boolean;
  /** ...and that code word is not written in capitals (so the line is not an all-caps heading). */
  tightLower: boolean;
  /** A lower-case code word precedes the candidate within NEAR_STRONG characters. */
  nearStrongLower: boolean;
}

const NEAR_STRONG = 150;

/**
 * Keyword support for a candidate: the best keyword before it and the best
 * after it (within their windows); the stronger side counts fully, the other
 * by half ("Use 738 291 to verify your account").
 */
function keywordContext(text: string, c: Candidate, keywords: Keyword[]): Context {
  const best: Context = { score: 0, distance: Infinity, tightStrong: false, tightLower: false, nearStrongLower: false };
  let bestBefore = 0;
  let bestAfter = 0;
  const k0 = lowerBound(keywords, c.start - BEFORE_WINDOW);
  for (let k = k0; k < keywords.length; k++) {
    const kw = keywords[k] as Keyword;
    if (kw.start > c.end + AFTER_WINDOW) break;
    let score = 0;
    let distance = 0;
    if (kw.end <= c.start) {
      distance = c.start - kw.end;
      score = kw.weight * proximity(distance, false);
      const tight = distance <= 24 && TIGHT_GAP_RE.test(text.slice(kw.end, c.start));
      if (tight && kw.strong) {
        best.tightStrong = true;
        if (kw.hasLower) best.tightLower = true;
      }
      if (kw.strong && kw.hasLower && distance <= NEAR_STRONG) best.nearStrongLower = true;
      if (tight) score += kw.strong ? 1.5 : 0.5;
    } else if (kw.start >= c.end) {
      distance = kw.start - c.end;
      score = kw.weight * proximity(distance, true);
      if (distance <= 12) score += 0.5;
      if (score > bestAfter) bestAfter = score;
    } else {
      continue;
    }
    if (kw.end <= c.start && score > bestBefore) bestBefore = score;
    if (score > 0 && distance < best.distance) best.distance = distance;
  }
  best.score = Math.max(bestBefore, bestAfter) + 0.5 * Math.min(bestBefore, bestAfter);
  return best;
}

/** Index of the first element of the sorted numeric array `arr` that is >= pos. */
function lowerBoundNum(arr: ArrayLike<number>, pos: number): number {
  let lo = 0;
  let hi = arr.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((arr[mid] as number) < pos) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const EMPHASIS_SLACK = 24;

/** `starts` is the sorted list of emphasis range starts, `ranges` the ranges in the same order. */
function emphasised(c: Candidate, starts: number[], ranges: Array<[number, number]>): boolean {
  const len = c.end - c.start;
  for (let k = lowerBoundNum(starts, c.end - len - EMPHASIS_SLACK); k < ranges.length; k++) {
    const [s, e] = ranges[k] as [number, number];
    if (s > c.start) break;
    if (e >= c.end && e - s <= len + EMPHASIS_SLACK) return true;
  }
  return false;
}

/** `newlines` holds the sorted offsets of every '\n' in `text`. */
function standalone(text: string, newlines: number[], c: Candidate): boolean {
  const k = lowerBoundNum(newlines, c.start);
  const ls = k > 0 ? (newlines[k - 1] as number) + 1 : 0;
  const le = k < newlines.length ? (newlines[k] as number) : text.length;
  if (le < c.end || le - ls > c.end - c.start + 4) return false;
  return text.slice(ls, c.start).trim().length <= 1 && text.slice(c.end, le).trim().length <= 1;
}

function promoNearby(c: Candidate, promos: number[]): boolean {
  const k = lowerBoundNum(promos, c.start - 60);
  const p = promos[k];
  return p !== undefined && p <= c.end + 60;
}

/** True when the vocabulary of a text has a code keyword (used to lend the subject's context to the body). */
export function mentionsCode(vocab: Vocabulary): boolean {
  return vocab.keywords.some((k) => k.weight >= 2);
}

/**
 * Characters of a text searched for a code. A one-time code sits near the top
 * of its message; the bound keeps the work per message small whatever its size.
 */
export const OTP_SCAN_CHARS = 10_000;
/** Candidates scored, in document order. */
export const MAX_OTP_CANDIDATES = 200;

/** The first OTP_SCAN_CHARS of `text`, cut at a line break (or else a space) when there is one. */
export function scanWindow(text: string): string {
  if (text.length <= OTP_SCAN_CHARS) return text;
  const nl = text.lastIndexOf('\n', OTP_SCAN_CHARS);
  if (nl > OTP_SCAN_CHARS / 2) return text.slice(0, nl);
  const sp = text.lastIndexOf(' ', OTP_SCAN_CHARS);
  if (sp > OTP_SCAN_CHARS / 2) return text.slice(0, sp);
  return text.slice(0, OTP_SCAN_CHARS);
}

/**
 * Finds the most plausible one-time code in `doc`, or null. `vocab`, when given, is
 * scanVocabulary(doc.text), already computed by the caller.
 */
export function findOtp(doc: OtpDoc, contextHint = false, vocab?: Vocabulary): OtpResult | null {
  if (!doc.text) return null;
  const text = scanWindow(doc.text);
  const toks = tokenize(text);
  // Stable sort: candidates that start at the same offset keep their generation order.
  const cands = generateCandidates(text, toks)
    .sort((a, b) => a.start - b.start)
    .slice(0, MAX_OTP_CANDIDATES);
  if (cands.length === 0) return null;
  if (!vocab || text !== doc.text) vocab = scanVocabulary(text);
  const vetoed = blockedTokens(text, toks, vocab.blockers, vocab.keywords);
  const ranges = [...(doc.emphasis ?? [])].sort((a, b) => a[0] - b[0]);
  const starts = ranges.map((r) => r[0]);
  const newlines: number[] = [];
  for (let p = text.indexOf('\n'); p !== -1; p = text.indexOf('\n', p + 1)) newlines.push(p);
  // Candidates passing every test but the pattern mask, which is only computed when there are any.
  const passed: Array<{ c: Candidate; score: number }> = [];

  for (const c of cands) {
    let blocked = false;
    if (vetoed.size > 0) {
      for (let k = lowerBound(toks, c.start); k < toks.length && (toks[k] as Token).start < c.end; k++) {
        if (vetoed.has((toks[k] as Token).start)) {
          blocked = true;
          break;
        }
      }
    }
    if (blocked || neighbourReject(text, c)) continue;
    const ctx = keywordContext(text, c, vocab.keywords);
    const emph = emphasised(c, starts, ranges);
    const alone = standalone(text, newlines, c);
    let kwScore = ctx.score;
    if (kwScore < 2 && contextHint && (emph || alone)) kwScore = 2;
    if (kwScore <= 0) continue;

    const digitsOnly = c.kind === 'num';
    if (digitsOnly && c.value.length === 4 && /^(?:19|20)\d\d$/.test(c.value) && !ctx.tightStrong) continue;
    if (digitsOnly && c.value.length <= 5 && ctx.distance > 100 && !emph && !alone) continue;
    const explicit = ctx.tightStrong && ctx.tightLower;
    if ((c.kind === 'letters' || c.kind === 'mixed') && !explicit) continue;
    // "Your confirmation code is below:\n\nZXH-QCS" counts as an explicit code context too.
    if (c.kind === 'lettersPair' && !explicit && !(ctx.nearStrongLower && (emph || alone))) continue;
    const alnum = c.kind !== 'num' && c.kind !== 'split' && c.kind !== 'spaced' && c.kind !== 'prefixed';
    if (promoNearby(c, vocab.promos) || (alnum && promoNearby(c, vocab.shops))) continue;
    if (c.kind === 'spaced' && !(ctx.distance <= 80 || emph)) continue;

    const score = kwScore + KIND_BONUS[c.kind] + (emph ? 1.5 : 0) + (alone ? 1 : 0);
    if (score >= THRESHOLD) passed.push({ c, score });
  }
  if (passed.length === 0) return null;

  const mask = blockedMask(text);
  let best: OtpResult | null = null;
  let bestStart = Infinity;
  for (const { c, score } of passed) {
    if (mask.subarray(c.start, c.end).includes(1)) continue;
    if (best === null || score > best.score + 1e-9 || (Math.abs(score - best.score) <= 1e-9 && c.start < bestStart)) {
      best = { value: c.value, score };
      bestStart = c.start;
    }
  }
  return best;
}
