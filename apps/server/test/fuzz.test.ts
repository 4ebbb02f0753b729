import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzz } from './fuzz/fuzzer';
import { startFuzzTarget } from './fuzz/harness';

// The full 10,000-request run is `npm run fuzz`; CI runs this smaller, seeded slice of it.
describe('fuzzing every endpoint of the OpenAPI document', () => {
  let target: Awaited<ReturnType<typeof startFuzzTarget>>;
  beforeAll(async () => {
    target = await startFuzzTarget();
  });
  afterAll(() => target?.close());

  it('answers 1,500 malformed requests with no 5xx and a message on every 4xx', async () => {
    const r = await fuzz({
      baseUrl: target.baseUrl,
      doc: target.doc,
      count: Number(process.env.FUZZ_COUNT ?? 1500),
      seed: 7,
      validToken: target.token,
    });
    expect(r.operations).toBeGreaterThan(10);
    expect(r.failures.slice(0, 10)).toEqual([]);
  }, 240_000);
});
