// `npm run fuzz [-- --count 10000 --seed 1]`: malformed requests against every endpoint of the OpenAPI document.
// Passes only with zero 5xx answers and every 4xx carrying a message.
import { fuzz } from '../apps/server/test/fuzz/fuzzer';
import { startFuzzTarget } from '../apps/server/test/fuzz/harness';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const count = arg('count', 10_000);
const seed = arg('seed', 20261122);

const target = await startFuzzTarget();
console.log(`fuzz: ${count} requests over ${Object.keys(target.doc.paths).length} paths (seed ${seed}) → ${target.baseUrl}`);
const started = Date.now();
const r = await fuzz({ baseUrl: target.baseUrl, doc: target.doc, count, seed, validToken: target.token, log: console.log });
await target.close();
console.log(`sent ${r.sent} requests to ${r.operations} operations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log('answers by status:', JSON.stringify(r.byStatus));
for (const f of r.failures.slice(0, 30)) console.log(`FAIL ${f.reason}: ${f.method} ${f.url} → ${f.status} ${f.body}`);
console.log(`${r.sent - r.failures.length} passed, ${r.failures.length} failed`);
process.exit(r.failures.length ? 1 : 0);
