import { SEARCH_TERMS_MAX } from '@lingxi/shared';

/**
 * The search query language (ADR 026): terms separated by white space, every one of which must occur in the message
 * as a substring, case-insensitively. The same on PGlite and PostgreSQL because the index is ours, not a locale's.
 */
export function searchTerms(q: string): string[] {
  const terms: string[] = [];
  for (const t of q.toLowerCase().split(/\s+/)) if (t && !terms.includes(t)) terms.push(t);
  return terms.slice(0, SEARCH_TERMS_MAX);
}

/**
 * The index keys a message must hold for the terms to occur in it: a one-character term its character, a longer one
 * its adjacent pairs (what chat_search_grams, migrations 0017 and 0019, stores). Code points, like PostgreSQL's substr.
 */
export function searchGrams(terms: string[]): string[] {
  const grams = new Set<string>();
  for (const t of terms) {
    const c = Array.from(t);
    if (c.length === 1) grams.add(c[0] as string);
    for (let i = 0; i + 1 < c.length; i++) grams.add((c[i] as string) + (c[i + 1] as string));
  }
  return [...grams];
}

/**
 * What the search index holds for a message (ADR 026): every distinct character and pair of adjacent characters of the
 * lower-cased text, none starting or ending in white space — the same as SQL's chat_search_grams (migration 0019), which
 * costs the database ~2.8 µs a character, so the turn's writes hand these in instead (migration 0020, issue 18).
 */
export function messageGrams(content: string): string[] {
  const t = content.toLowerCase();
  const grams = new Set<string>();
  let prev = '';
  // By code point (a surrogate pair is one character, as in SQL), without Array.from or a regular expression per
  // character: a 600-character reply is ~100 µs of CPU the other way, and the turn's writes are on the burst's path.
  for (let i = 0; i < t.length;) {
    const code = t.charCodeAt(i);
    const low = code >= 0xd800 && code <= 0xdbff ? t.charCodeAt(i + 1) : 0;
    const width = low >= 0xdc00 && low <= 0xdfff ? 2 : 1;
    const ch = t.slice(i, i + width);
    i += width;
    if (isSpace(code)) {
      prev = '';
      continue;
    }
    grams.add(ch);
    if (prev) grams.add(prev + ch);
    prev = ch;
  }
  return [...grams];
}

/** JavaScript's \s (what searchTerms splits on), as code units. */
function isSpace(c: number): boolean {
  if (c < 0x80) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** A LIKE pattern that matches `term` anywhere, with LIKE's own characters escaped. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => '\\' + c)}%`;

const BEFORE = 16;
const LENGTH = 60;

/**
 * A window of the message around its first match, with the [start, end) offsets of every match inside it. The
 * client highlights them (no HTML travels), and the text stays the message's own.
 */
export function snippet(content: string, terms: string[]): { snippet: string; highlights: [number, number][] } {
  const text = content.replace(/\s+/g, ' ');
  const lower = text.toLowerCase();
  let first = -1;
  for (const t of terms) {
    const at = lower.indexOf(t);
    if (at >= 0 && (first < 0 || at < first)) first = at;
  }
  let start = Math.max(0, first - BEFORE);
  // Never cut a surrogate pair in half.
  if (start > 0 && /[\udc00-\udfff]/.test(text[start] ?? '')) start -= 1;
  let end = Math.min(text.length, start + LENGTH);
  if (end < text.length && /[\udc00-\udfff]/.test(text[end] ?? '')) end += 1;
  const prefix = start > 0 ? '…' : '';
  const body = text.slice(start, end);
  const out = prefix + body + (end < text.length ? '…' : '');
  const highlights: [number, number][] = [];
  const bodyLower = body.toLowerCase();
  for (const t of terms) {
    for (let at = bodyLower.indexOf(t); at >= 0; at = bodyLower.indexOf(t, at + t.length)) {
      highlights.push([prefix.length + at, prefix.length + at + t.length]);
    }
  }
  highlights.sort((a, b) => a[0] - b[0]);
  // Overlapping matches of two terms become one range.
  const merged: [number, number][] = [];
  for (const h of highlights) {
    const last = merged.at(-1);
    if (last && h[0] < last[1]) last[1] = Math.max(last[1], h[1]);
    else merged.push([h[0], h[1]]);
  }
  return { snippet: out, highlights: merged };
}
