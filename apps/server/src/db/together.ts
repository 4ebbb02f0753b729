import type { Database } from './client';

/**
 * One call of a set-returning SQL function, owned by the module whose tables it reads. `run` asks it alone;
 * `together` asks several in one statement, so a hot path that needs three modules' facts pays for one round trip
 * (on PGlite each statement costs ~0.5 ms before any work, and on PostgreSQL each one wakes a backend: ADR 029).
 */
export interface SqlCall<T> {
  /** The function call with its own $1…$n and their casts, e.g. `safety_gate($1::uuid, $2::int)`. */
  call: string;
  params: unknown[];
  /** The call's rows as JSON (to_json of each row: timestamps arrive as ISO strings, json columns as values). */
  read(rows: Record<string, unknown>[]): T;
}

type Row = { part: number; row: Record<string, unknown> | string };

const decode = (row: Row['row']) => (typeof row === 'string' ? (JSON.parse(row) as Record<string, unknown>) : row);

/** `$n` of one call renumbered after the parameters of the calls before it. */
const shifted = (call: string, by: number) => (by ? call.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + by}`) : call);

/** Several calls in one statement (one snapshot: none may depend on what another writes); each gets its own rows, in order. */
export async function together<T extends unknown[]>(q: Database['query'], calls: { [K in keyof T]: SqlCall<T[K]> }): Promise<T> {
  const list = calls as readonly SqlCall<unknown>[];
  const parts: string[] = [];
  const params: unknown[] = [];
  for (const [i, c] of list.entries()) {
    parts.push(`select ${i} as part, to_json(t) as row from ${shifted(c.call, params.length)} as t`);
    params.push(...c.params);
  }
  const rows = await q<Row>(parts.join(' union all '), params);
  const byPart: Record<string, unknown>[][] = list.map(() => []);
  for (const r of rows) byPart[Number(r.part)]?.push(decode(r.row));
  return list.map((c, i) => c.read(byPart[i] ?? [])) as T;
}

/** One call alone, read the same way as in `together`. */
export async function run<T>(q: Database['query'], c: SqlCall<T>): Promise<T> {
  const rows = await q<{ row: Row['row'] }>(`select to_json(t) as row from ${c.call} as t`, c.params);
  return c.read(rows.map((r) => decode(r.row)));
}
