/**
 * `npm run bench:turn-trip [-- --pg postgres://…/postgres --rounds 3 --n 400]`: a chat turn's first round trip (its
 * session with history, the safety gate, memory) asked as one statement (db/together.ts, ADR 029) against the same
 * three calls asked one statement each, alternating in the same run. One caller in sequence, so the figures are the
 * cost of the calls and not of a queue: CPU of this process (the server's side, and on PGlite the database itself)
 * and, on PostgreSQL, of its backends; wall time per turn.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { run, together } from '../apps/server/src/db/together';
import { createTurnRepository } from '../apps/server/src/modules/chat/turn-repository';
import { createMemoryRepository } from '../apps/server/src/modules/memory/repository';
import { gateCall } from '../apps/server/src/modules/safety/repository';
import { freshPg, postgresCpuMs } from './lib/server-process';

const { values } = parseArgs({
  options: { pg: { type: 'string' }, rounds: { type: 'string', default: '3' }, n: { type: 'string', default: '400' } },
});
const ROUNDS = Number(values.rounds);
const N = Number(values.n);

async function seed(db: Database) {
  const q = db.query;
  const [user] = await q<{ id: string }>(`insert into users (phone) values ('13900000001') returning id`, []);
  const userId = user?.id ?? '';
  const [auth] = await q<{ id: string }>(
    `insert into auth_sessions (user_id, expires_at) values ($1, now() + interval '1 day') returning id`,
    [userId],
  );
  const sessionId = 'bench-turn-trip';
  await q(`insert into chat_sessions (id, user_id, service_type) values ($1, $2, 'general')`, [sessionId, userId]);
  for (let i = 1; i <= 20; i++) {
    await q(`insert into chat_messages (session_id, user_id, role, content, order_num, status) values ($1, $2, $3, $4, $5, 'done')`, [
      sessionId,
      userId,
      i % 2 ? 'user' : 'assistant',
      '最近工作压力很大，想聊聊怎么调整作息。'.repeat(i % 2 ? 1 : 6),
      i,
    ]);
  }
  await q(`insert into memory_items (user_id, content, category, source) values ($1, '我在上海工作', 'general', 'explicit')`, [userId]);
  return { userId, authId: auth?.id ?? '', sessionId };
}

async function measure(label: string, db: Database, pg: boolean) {
  const { userId, authId, sessionId } = await seed(db);
  const turns = createTurnRepository(db, { now: () => new Date() });
  const memory = createMemoryRepository(db);
  const calls = () =>
    [
      turns.sessionCall(sessionId, userId, 80),
      gateCall({ userId, authSessionId: authId, now: new Date(), day: '2026-11-28', idleGapSeconds: 300, track: true }),
      memory.forTurnCall(userId, sessionId, 50),
    ] as const;
  const variants: [string, () => Promise<unknown>][] = [
    [
      'three statements (baseline)',
      async () => {
        const [s, g, m] = calls();
        await run(db.query, s);
        await run(db.query, g);
        await run(db.query, m);
      },
    ],
    ['one statement (together)', () => together(db.query, [...calls()])],
  ];
  const cpuMs = () => {
    const c = process.cpuUsage();
    return (c.user + c.system) / 1000;
  };
  const results = new Map<string, { cpu: number[]; db: number[]; wall: number[] }>(
    variants.map(([n]) => [n, { cpu: [], db: [], wall: [] }]),
  );
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, f] of variants) {
      for (let i = 0; i < 50; i++) await f();
      const c0 = cpuMs();
      const d0 = pg ? postgresCpuMs() : 0;
      const t0 = performance.now();
      for (let i = 0; i < N; i++) await f();
      const r = results.get(name);
      r?.wall.push((performance.now() - t0) / N);
      r?.cpu.push((cpuMs() - c0) / N);
      r?.db.push(pg ? (postgresCpuMs() - d0) / N : 0);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  console.log(`\n── ${label}: ${ROUNDS} rounds × ${N} turns, medians ──`);
  console.log(`  ${''.padEnd(30)}  this process CPU${pg ? '   PostgreSQL CPU' : ''}   wall per turn`);
  const base = results.get(variants[0]?.[0] ?? '');
  for (const [name] of variants) {
    const r = results.get(name);
    if (!r || !base) continue;
    const ratio = (a: number[], b: number[]) => (median(b) ? ` (${(median(a) / median(b)).toFixed(2)}×)` : '');
    console.log(
      `  ${name.padEnd(30)}  ${median(r.cpu).toFixed(3)} ms${ratio(r.cpu, base.cpu)}` +
        (pg ? `   ${median(r.db).toFixed(3)} ms${ratio(r.db, base.db)}` : '') +
        `   ${median(r.wall).toFixed(3)} ms${ratio(r.wall, base.wall)}`,
    );
  }
}

console.log(`灵犀 bench: a chat turn's first round trip (Node ${process.version})`);
const dir = mkdtempSync(path.join(tmpdir(), 'lx-turn-trip-'));
try {
  for (const [label, dataDir] of [
    ['PGlite in memory', 'memory://'],
    ['PGlite on disk (npm start)', dir],
  ] as const) {
    const db = await openDatabase({ dataDir });
    await db.migrate();
    await measure(label, db, false);
    await db.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (values.pg) {
  const pg = await freshPg(values.pg);
  try {
    const db = await openDatabase({ databaseUrl: pg.url, dataDir: '' });
    await db.migrate();
    await measure('PostgreSQL', db, true);
    await db.close();
  } finally {
    await pg.drop();
  }
}
