import { normalizeCodePoint, normalizeText } from './normalize';

export interface LexiconEntry {
  term: string;
  category: string;
}

export interface Hit {
  category: string;
  /** The lexicon entry as written (a word of ours, never the user's text). */
  term: string;
}

/** Transition keys: node × this + code point, unique while nodes × 0x110000 stays below 2^53. */
const CP_SPACE = 0x110000;

/**
 * An Aho-Corasick automaton over the normalised lexicon, built once. It is fed one character at a time and keeps its
 * state between calls, so a word split across two streamed chunks is found like any other; `depth` tells how many of
 * the last matched characters could still begin a word, which is exactly what a stream must hold back.
 */
export class Matcher {
  private readonly next = new Map<number, number>();
  private readonly fail: number[] = [0];
  readonly depth: number[] = [0];
  /** The entry ending at each node, directly or through its failure chain (-1: none). */
  private readonly out: number[] = [-1];
  private readonly entries: LexiconEntry[] = [];
  readonly maxDepth: number;

  constructor(lexicon: Iterable<LexiconEntry>) {
    let max = 0;
    for (const e of lexicon) {
      const norm = normalizeText(e.term);
      // One character would match far too much; such entries are skipped rather than trusted.
      if ([...norm].length < 2) continue;
      let node = 0;
      for (const ch of norm) {
        const key = node * CP_SPACE + (ch.codePointAt(0) as number);
        let to = this.next.get(key);
        if (to === undefined) {
          to = this.depth.length;
          this.depth.push((this.depth[node] as number) + 1);
          this.fail.push(0);
          this.out.push(-1);
          this.next.set(key, to);
        }
        node = to;
      }
      if (this.out[node] === -1) {
        this.out[node] = this.entries.length;
        this.entries.push(e);
      }
      max = Math.max(max, this.depth[node] as number);
    }
    this.maxDepth = max;
    this.link();
  }

  get size(): number {
    return this.entries.length;
  }

  /** Failure links breadth-first; a node without its own entry inherits the nearest one along its failure chain. */
  private link() {
    const children = new Map<number, [number, number][]>();
    for (const [key, to] of this.next) {
      const from = Math.floor(key / CP_SPACE);
      const list = children.get(from) ?? [];
      list.push([key - from * CP_SPACE, to]);
      children.set(from, list);
    }
    const queue: number[] = [0];
    for (let i = 0; i < queue.length; i++) {
      const node = queue[i] as number;
      for (const [cp, child] of children.get(node) ?? []) {
        this.fail[child] = node === 0 ? 0 : this.step(this.fail[node] as number, cp);
        if (this.out[child] === -1) this.out[child] = this.out[this.fail[child] as number] as number;
        queue.push(child);
      }
    }
  }

  /** The state after reading normalised code point `cp` in state `node`. */
  step(node: number, cp: number): number {
    for (;;) {
      const to = this.next.get(node * CP_SPACE + cp);
      if (to !== undefined) return to;
      if (node === 0) return 0;
      node = this.fail[node] as number;
    }
  }

  hitAt(node: number): Hit | null {
    const i = this.out[node] as number;
    if (i < 0) return null;
    const e = this.entries[i] as LexiconEntry;
    return { category: e.category, term: e.term };
  }

  /** The first lexicon entry found in `text`, or null. */
  find(text: string): Hit | null {
    let node = 0;
    for (const ch of text) {
      const cp = normalizeCodePoint(ch.codePointAt(0) as number);
      if (cp < 0) continue;
      node = this.step(node, cp);
      const hit = this.hitAt(node);
      if (hit) return hit;
    }
    return null;
  }
}

/**
 * The matcher reading a stream: `feed` returns the hit, if any, and `safeEnd` how much of everything fed (in UTF-16
 * units) can no longer be part of a hit, whatever comes next. Everything after it is the unchecked tail.
 */
export function createStreamScanner(m: Matcher) {
  let node = 0;
  let fed = 0;
  let count = 0;
  // Raw start offsets of the last maxDepth normalised characters: where a word in progress began.
  const ring = new Array<number>(Math.max(1, m.maxDepth)).fill(0);
  return {
    feed(text: string): Hit | null {
      for (let i = 0; i < text.length;) {
        const cp = text.codePointAt(i) as number;
        const width = cp > 0xffff ? 2 : 1;
        const n = normalizeCodePoint(cp);
        if (n >= 0) {
          ring[count % ring.length] = fed + i;
          count++;
          node = m.step(node, n);
          const hit = m.hitAt(node);
          if (hit) return hit;
        }
        i += width;
      }
      fed += text.length;
      return null;
    },
    safeEnd(): number {
      const d = m.depth[node] as number;
      return d === 0 ? fed : (ring[(count - d) % ring.length] as number);
    },
  };
}
