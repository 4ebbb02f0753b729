/**
 * Deterministic pseudo-random numbers for the cross-check tests and the benchmark,
 * so a failure can be replayed. Not used by the calculator and not exported.
 * (Park-Miller minimal standard generator.)
 */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647 || 1;
  return () => {
    state = (state * 48271) % 2147483647;
    return state / 2147483647;
  };
}

export function randomInt(random: () => number, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}
