import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { run, together, type SqlCall } from '../src/db/together';
import { dbTargets, freshDatabase } from './support/databases';

type Pair = { key: string; value: unknown };

/** json_each's rows in their order: a record-returning call whose parameter is its $1. */
const pairs = (json: string): SqlCall<Pair[]> => ({
  call: 'json_each($1::json)',
  params: [json],
  read: (rows) => rows.map((r) => ({ key: String(r.key), value: r.value })),
});

/** A call with several typed parameters, so a wrong renumbering mixes them up or fails to cast. */
const window = (from: string, days: number, label: string): SqlCall<{ label: string; at: string[] }> => ({
  call: `(select $3::text as label, d as at from generate_series($1::timestamptz, $1::timestamptz + make_interval(days => $2::int), interval '1 day') d)`,
  params: [from, days, label],
  read: (rows) => ({ label: String(rows[0]?.label ?? ''), at: rows.map((r) => new Date(String(r.at)).toISOString()) }),
});

describe.each(dbTargets)('several SQL calls in one statement on %s', (target) => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await freshDatabase(target));
  });
  afterAll(async () => drop());

  it('gives each call its own rows, in order, with its parameters, the same as asking each alone', async () => {
    const a = pairs('{"b": 2, "a": [1, "一"], "c": null}');
    const w = window('2026-11-27T16:00:00Z', 2, '北京');
    const empty = pairs('{}');
    const [first, second, none] = await together<[Pair[], { label: string; at: string[] }, Pair[]]>(database.query, [a, w, empty]);

    expect(first).toEqual([
      { key: 'b', value: 2 },
      { key: 'a', value: [1, '一'] },
      { key: 'c', value: null },
    ]);
    expect(second).toEqual({ label: '北京', at: ['2026-11-27T16:00:00.000Z', '2026-11-28T16:00:00.000Z', '2026-11-29T16:00:00.000Z'] });
    expect(none).toEqual([]);
    expect([await run(database.query, a), await run(database.query, w), await run(database.query, empty)]).toEqual([first, second, none]);
  });
});
