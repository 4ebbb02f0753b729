/**
 * Byte-pair token counting over tiktoken's published ranks, held in flat typed arrays: every token's bytes in one
 * buffer and an open-addressing hash table of their ranks. js-tiktoken keeps the same 200k ranks as a Map of
 * comma-joined strings plus one Uint8Array per token, ~165 MB of RSS per process; this layout is ~6 MB, so every
 * worker can afford its own copy (ADR 015). Counts equal js-tiktoken's (tokens/bpe.test.ts compares them).
 */
export interface RankFile {
  pat_str: string;
  /** Lines of `<prefix> <first rank> <base64 token> <base64 token> …`, ranks consecutive within a line. */
  bpe_ranks: string;
}

/** Pieces longer than this are merged in windows: BPE is quadratic in a piece's length (a long run of CJK text). */
const WINDOW = 256;
const EMPTY = -1;

export interface TokenCounter {
  count(text: string): number;
}

export function compactBpe(file: RankFile): TokenCounter {
  const { blob, start, length, size } = readRanks(file.bpe_ranks);
  const mask = tableSize(size) - 1;
  const table = new Int32Array(mask + 1).fill(EMPTY);
  for (let rank = 0; rank < size; rank++) {
    if (!length[rank]) continue;
    let slot = hash(blob, start[rank] as number, (start[rank] as number) + (length[rank] as number)) & mask;
    while (table[slot] !== EMPTY) slot = (slot + 1) & mask;
    table[slot] = rank;
  }

  /** The rank of bytes [from, to) of `buf`, or -1 when they are not one token. */
  function rankOf(buf: Uint8Array, from: number, to: number): number {
    const len = to - from;
    for (let slot = hash(buf, from, to) & mask; ; slot = (slot + 1) & mask) {
      const rank = table[slot] as number;
      if (rank === EMPTY) return EMPTY;
      if (length[rank] !== len) continue;
      const at = start[rank] as number;
      let i = 0;
      while (i < len && blob[at + i] === buf[from + i]) i++;
      if (i === len) return rank;
    }
  }

  // Scratch space reused by every call (counting is synchronous, so nothing else can use it meanwhile).
  let bytes = new Uint8Array(4 * WINDOW);
  const bounds = new Int32Array(WINDOW + 1);
  const pairRank = new Float64Array(WINDOW + 1);
  const encoder = new TextEncoder();
  const pieces = new RegExp(file.pat_str, 'gu');

  /** tiktoken's merge: repeatedly join the adjacent pair whose joined bytes have the lowest rank (leftmost on ties). */
  function merge(from: number, to: number): number {
    if (rankOf(bytes, from, to) !== EMPTY) return 1;
    let parts = to - from;
    for (let i = 0; i <= parts; i++) bounds[i] = from + i;
    const pair = (i: number) => {
      const r = i + 2 <= parts ? rankOf(bytes, bounds[i] as number, bounds[i + 2] as number) : EMPTY;
      pairRank[i] = r === EMPTY ? Infinity : r;
    };
    for (let i = 0; i < parts - 1; i++) pair(i);
    while (parts > 1) {
      let best = Infinity;
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if ((pairRank[i] as number) < best) {
          best = pairRank[i] as number;
          at = i;
        }
      }
      if (at < 0) break;
      bounds.copyWithin(at + 1, at + 2, parts + 1);
      pairRank.copyWithin(at + 1, at + 2, parts);
      parts -= 1;
      if (at > 0) pair(at - 1);
      if (at < parts - 1) pair(at);
    }
    return parts;
  }

  function countPiece(piece: string): number {
    if (bytes.length < piece.length * 3) bytes = new Uint8Array(piece.length * 3);
    const { written } = encoder.encodeInto(piece, bytes);
    let total = 0;
    for (let from = 0; from < written;) {
      let to = Math.min(written, from + WINDOW);
      // Never cut a UTF-8 sequence: back off continuation bytes (10xxxxxx).
      while (to < written && to > from + 1 && ((bytes[to] as number) & 0xc0) === 0x80) to--;
      total += merge(from, to);
      from = to;
    }
    return total;
  }

  return {
    count(text: string): number {
      let total = 0;
      pieces.lastIndex = 0;
      for (let m = pieces.exec(text); m; m = pieces.exec(text)) total += countPiece(m[0]);
      return total;
    },
  };
}

/** Decodes every base64 token straight into one buffer (no per-token allocation while loading). */
function readRanks(text: string) {
  let size = 0;
  const lines = text.split('\n').filter(Boolean);
  for (const line of lines) {
    const fields = line.split(' ');
    size = Math.max(size, Number(fields[1]) + fields.length - 2);
  }
  const blob = Buffer.alloc(Math.ceil((text.length * 3) / 4));
  const start = new Int32Array(size);
  const length = new Uint16Array(size);
  let pos = 0;
  for (const line of lines) {
    const fields = line.split(' ');
    const first = Number(fields[1]);
    for (let i = 2; i < fields.length; i++) {
      const written = blob.write(fields[i] as string, pos, 'base64');
      start[first + i - 2] = pos;
      length[first + i - 2] = written;
      pos += written;
    }
  }
  return { blob: new Uint8Array(blob.subarray(0, pos)), start, length, size };
}

const tableSize = (n: number) => 2 ** Math.ceil(Math.log2(n * 2));

/** FNV-1a, 32 bits. */
function hash(buf: Uint8Array, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ (buf[i] as number), 0x01000193);
  return h >>> 0;
}
