import { BAD_TOKENS, HOSTILE_STRINGS, HOSTILE_VALUES } from './payloads';

interface Operation {
  method: string;
  path: string;
  bodyProps: Record<string, unknown>;
  queryNames: string[];
  contentTypes: string[];
}

export interface FuzzFailure {
  method: string;
  url: string;
  status: number;
  body: string;
  reason: string;
}

export interface FuzzResult {
  sent: number;
  byStatus: Record<string, number>;
  failures: FuzzFailure[];
  operations: number;
}

/** Mulberry32: a seeded PRNG so a failing run can be replayed with the same seed. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch'];

/** The parts of an OpenAPI 3 document the fuzzer reads. */
interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } } | undefined> };
  parameters?: { in: string; name: string }[];
}
export interface OpenApiDoc {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

/** Every operation of the OpenAPI document, with the names of its body properties and query parameters. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) continue;
      const content = op.requestBody?.content ?? {};
      const schema = content['application/json']?.schema ?? Object.values(content)[0]?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        bodyProps: schema?.properties ?? {},
        queryNames: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        contentTypes: Object.keys(content),
      });
    }
  }
  return ops;
}

/**
 * Sends `count` malformed requests spread over every operation and reports each 5xx, and each 4xx without a message.
 * `validToken` lets half the requests reach the code behind authentication.
 */
export async function fuzz(o: {
  baseUrl: string;
  doc: OpenApiDoc;
  count: number;
  seed?: number;
  validToken?: string;
  log?: (s: string) => void;
}): Promise<FuzzResult> {
  const rand = prng(o.seed ?? 20261122);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const ops = operationsOf(o.doc);
  const result: FuzzResult = { sent: 0, byStatus: {}, failures: [], operations: ops.length };

  const mutateBody = (op: Operation): unknown => {
    const names = Object.keys(op.bodyProps);
    const r = rand();
    if (r < 0.05) return undefined;
    if (r < 0.1) return pick(HOSTILE_VALUES);
    const body: Record<string, unknown> = {};
    for (const n of names) {
      const roll = rand();
      if (roll < 0.25) continue;
      body[n] = roll < 0.5 ? pick(HOSTILE_STRINGS) : pick(HOSTILE_VALUES);
    }
    if (rand() < 0.2) body[pick(['extra', '__proto__', 'constructor', 'is_admin', 'role'])] = pick(HOSTILE_VALUES);
    return body;
  };

  // A lone surrogate cannot be percent-encoded; send the invalid UTF-8 bytes it would stand for instead.
  const encode = (s: string) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return '%ED%A0%80';
    }
  };
  const fillPath = (path: string) =>
    path.replace(/\{[^}]+\}/g, () =>
      encode(String(pick([...HOSTILE_STRINGS.filter((s) => s.length < 500), 'x', '1', '00000000-0000-0000-0000-000000000000']))),
    );

  const query = (op: Operation) => {
    const names = [...op.queryNames, ...(rand() < 0.3 ? ['page', 'page_size', 'phone', 'session_id', 'min', 'max'] : [])];
    const q = new URLSearchParams();
    for (const n of names) if (rand() < 0.7) q.append(n, String(pick(HOSTILE_STRINGS.filter((s) => s.length < 2000))));
    const s = q.toString();
    return s ? `?${s}` : '';
  };

  for (let i = 0; i < o.count; i++) {
    const op = ops[i % ops.length]!;
    const url = `${o.baseUrl}${fillPath(op.path)}${query(op)}`;
    const headers: Record<string, string> = { 'x-forwarded-for': `10.${i % 250}.${(i >> 8) % 250}.${Math.floor(rand() * 250)}` };
    const auth = rand();
    if (auth < 0.45 && o.validToken) headers.authorization = `Bearer ${o.validToken}`;
    else if (auth < 0.8) headers.authorization = pick(BAD_TOKENS);
    let body: string | undefined;
    if (op.method !== 'GET' && op.method !== 'DELETE') {
      const kind = rand();
      if (kind < 0.08) {
        headers['content-type'] = 'application/json';
        body = pick(['{', '{"a":', '[1,2', 'null', '"str"', '{"phone":"1380013800\\u0000"}', '\u0000', 'nope']);
      } else if (kind < 0.12) {
        headers['content-type'] = pick([
          'text/plain',
          'application/xml',
          'multipart/form-data; boundary=x',
          'application/x-www-form-urlencoded',
        ]);
        body = 'a=1&b=%ZZ&c=' + 'x'.repeat(100);
      } else {
        const b = mutateBody(op);
        if (b !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(b);
        }
      }
    }
    const answer = await (async () => {
      const res = await fetch(url, { method: op.method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
      const streamed = op.path.includes('streaming') && res.ok;
      const text = streamed ? '' : await res.text();
      if (streamed) await res.body?.cancel();
      return { status: res.status, text };
    })().catch((err: unknown) => {
      result.failures.push({ method: op.method, url, status: 0, body: String(err), reason: 'no answer' });
      return null;
    });
    if (!answer) continue;
    const { status, text } = answer;
    result.sent += 1;
    result.byStatus[status] = (result.byStatus[status] ?? 0) + 1;
    if (status >= 500) result.failures.push({ method: op.method, url: url.slice(0, 300), status, body: text.slice(0, 300), reason: '5xx' });
    else if (status >= 400 && !hasMessage(text))
      result.failures.push({
        method: op.method,
        url: url.slice(0, 300),
        status,
        body: text.slice(0, 300),
        reason: '4xx without a message',
      });
    if (o.log && (i + 1) % 1000 === 0) o.log(`  … ${i + 1}/${o.count}`);
  }
  return result;
}

function hasMessage(text: string): boolean {
  try {
    const j = JSON.parse(text);
    return typeof j?.message === 'string' && j.message.trim().length > 0;
  } catch {
    // Non-JSON 4xx answers (provider notify endpoints answer in their protocol's words, sandbox pages in HTML) still need words.
    return text.trim().length > 0;
  }
}
