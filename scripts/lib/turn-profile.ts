/**
 * Where a chat turn start's time goes: the V8 CPU profiles of the server's processes, cut to a time window (the
 * turn starts of bench:chat's held phase) and each sample charged to the step it belongs to. A sample's stack is
 * read from the leaf up and the first frame that names a step wins (a socket write made by the database driver is
 * database time; zod called by Fastify is validation).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const STEPS: [string, RegExp][] = [
  ['token counting', /modules\/chat\/tokens/],
  ['database: queries, results, socket', /node_modules\/(postgres|drizzle-orm|@electric-sql)\/|turn-repository|chat\/repository/],
  [
    'upstream request (HTTP client)',
    /modules\/chat\/llm|node_modules\/(openai|undici)\/|node:internal\/deps\/undici|node:internal\/webstreams|node:_http_client|node:_http_agent|node:https/,
  ],
  ['SSE answer: headers, meta event', /modules\/chat\/sse/],
  ['auth: token and session (cache)', /plugins\/auth|modules\/auth\//],
  ['turn logic: prepare, context, persona', /modules\/chat\/(turn|personas|safety|bazi-context|service|routes|session-name)/],
  ['body validation (zod)', /node_modules\/(zod|fastify-type-provider-zod)\//],
  [
    'HTTP in: Node http, Fastify, hooks',
    /node_modules\/(fastify|find-my-way|avvio|@fastify|light-my-request)\/|node:_http_|apps\/server\/src\/plugins\//,
  ],
];
export const STEP_NAMES = [...STEPS.map(([name]) => name), 'garbage collection', 'other (Node, V8, timers)'];

const maps = new Map<string, SourceMap | null>();
/**
 * The file a frame's code was written in: the server runs as one bundle (ADR 028), so a frame inside it is looked up
 * in the bundle's source map; dependencies are not bundled and keep their own paths.
 */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url.endsWith('.mjs') || !frame.url.startsWith('file:')) return frame.url;
  let map = maps.get(frame.url);
  if (map === undefined) {
    const file = `${fileURLToPath(frame.url)}.map`;
    map = existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null;
    maps.set(frame.url, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  return entry && 'originalSource' in entry ? entry.originalSource : frame.url;
}

/** Busy time (ms) per step inside [fromUs, toUs] (CLOCK_MONOTONIC µs, as process.hrtime and V8 both use). */
export function profileSteps(dir: string, fromUs: number, toUs: number): Map<string, number> {
  const out = new Map<string, number>(STEP_NAMES.map((n) => [n, 0]));
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Profile;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const stepOf = new Map<number, string | null>();
    const classify = (id: number): string | null => {
      if (stepOf.has(id)) return stepOf.get(id) ?? null;
      const node = byId.get(id);
      const fn = node?.callFrame.functionName ?? '';
      let step: string | null;
      if (fn === '(idle)') step = null;
      else if (fn === '(garbage collector)') step = 'garbage collection';
      else {
        step = 'other (Node, V8, timers)';
        for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
          const frame = byId.get(cur)?.callFrame;
          const url = frame ? sourceOf(frame) : '';
          const hit = url && STEPS.find(([, re]) => re.test(url));
          if (hit) {
            step = hit[0];
            break;
          }
        }
      }
      stepOf.set(id, step);
      return step;
    };
    let t = p.startTime;
    for (let i = 0; i < p.samples.length; i++) {
      t += p.timeDeltas[i] ?? 0;
      if (t < fromUs || t > toUs) continue;
      const step = classify(p.samples[i] as number);
      const dt = p.timeDeltas[i + 1] ?? 0;
      if (step) out.set(step, (out.get(step) ?? 0) + dt / 1000);
    }
  }
  return out;
}

export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
