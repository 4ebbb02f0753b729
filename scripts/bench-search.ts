/**
 * `npm run bench:search [-- --messages 100000 --others 20000 --runs 200 --pg postgres://…/postgres]`
 *
 * Search across chats (issue #16, ADR 026) for one user holding 100,000 messages, on PGlite (in memory) and, with
 * --pg, on a fresh PostgreSQL database. Each query class runs the route's work — the indexed statement and the
 * snippets — `runs` times; the baseline in the same run is a primary-key lookup of one message. Target: p99 < 100 ms.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import { containsPattern, searchGrams, searchTerms, snippet } from '../apps/server/src/modules/chat/search';
import { createSearchRepository, SEARCH_CANDIDATES_SQL, SEARCH_WALK_SQL } from '../apps/server/src/modules/chat/search-repository';
import { freshPg } from './lib/server-process';

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '100000' },
    others: { type: 'string', default: '20000' },
    runs: { type: 'string', default: '200' },
    pg: { type: 'string' },
    /** Skip the PGlite run (only with --pg). */
    'pg-only': { type: 'boolean', default: false },
    /** Print the plan of each query (EXPLAIN ANALYZE). */
    explain: { type: 'boolean', default: false },
  },
});
const MESSAGES = Number(values.messages);
const OTHERS = Number(values.others);
const RUNS = Number(values.runs);

// Everyday chat text; a message strings 2–8 of these together (questions short, replies longer).
const PHRASES = [
  '最近工作压力有点大',
  '我想换一份工作',
  '老板总是临时加班',
  '晚上睡不好觉',
  '明年打算考研',
  '周末和朋友去爬山',
  '孩子上学的事让我很头疼',
  '家里人希望我早点结婚',
  '今年的运势怎么样',
  '我的八字适合做什么行业',
  '感情上遇到了一些问题',
  '可以从以下几个方面考虑',
  '首先要照顾好自己的情绪',
  '建议你先列出最重要的三件事',
  '每天留出半小时运动',
  '和家人坦诚地沟通一次',
  '学习英语有什么好方法',
  '想学 Python 做数据分析',
  '房租又涨了',
  '准备下个月去杭州出差',
  '最近在读一本关于心理学的书',
  '这件事不必急于下结论',
  '慢慢来，一步一步',
  '你已经做得很好了',
  '试着把目标拆小一点',
  '身体是革命的本钱',
];
const RARE = '独角兽计划'; // ~0.1 % of the messages
const MEDIUM = '作品集'; // ~3 %

function message(i: number, role: 'user' | 'assistant', rnd: () => number): string {
  const n = role === 'user' ? 2 + Math.floor(rnd() * 3) : 4 + Math.floor(rnd() * 5);
  const parts: string[] = [];
  for (let k = 0; k < n; k++) parts.push(PHRASES[Math.floor(rnd() * PHRASES.length)] as string);
  if (i % 997 === 0) parts.splice(1, 0, `我在推进${RARE}`);
  if (i % 33 === 0) parts.push(`顺便整理一下${MEDIUM}`);
  return `${parts.join('，')}。`;
}

/** A small deterministic generator, so both databases hold the same text. */
function lcg(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

async function seed(db: Database, userId: string, count: number, rnd: () => number) {
  await db.query(`insert into users (id, phone, username) values ($1::uuid, $2, $3)`, [
    userId,
    `137${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`,
    '压测',
  ]);
  const PER_SESSION = 1000;
  for (let start = 0; start < count; start += PER_SESSION) {
    const session = randomUUID();
    await db.query(`insert into chat_sessions (id, user_id, service_type, session_name) values ($1, $2::uuid, 'general', $3)`, [
      session,
      userId,
      `对话${start / PER_SESSION + 1}`,
    ]);
    const roles: string[] = [];
    const texts: string[] = [];
    const orders: number[] = [];
    for (let i = 0; i < Math.min(PER_SESSION, count - start); i++) {
      const role = i % 2 ? 'assistant' : 'user';
      roles.push(role);
      texts.push(message(start + i, role, rnd));
      orders.push(i + 1);
    }
    await db.query(
      `insert into chat_messages (session_id, user_id, role, content, order_num)
       select $1, $2::uuid, r, c, o from unnest($3::text[], $4::text[], $5::int[]) as t(r, c, o)`,
      [session, userId, roles, texts, orders],
    );
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] as number;
};
async function time(runs: number, fn: () => Promise<unknown>) {
  for (let i = 0; i < Math.min(10, runs); i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return { p50: pct(out, 50), p99: pct(out, 99) };
}

async function bench(label: string, db: Database) {
  const t0 = performance.now();
  await db.migrate();
  const rnd = lcg(16);
  const me = randomUUID();
  await seed(db, me, MESSAGES, rnd);
  await seed(db, randomUUID(), OTHERS, rnd);
  await db.query('analyze', []);
  const seeded = (performance.now() - t0) / 1000;
  const repo = createSearchRepository(db);
  const [{ lo, hi } = { lo: 1, hi: 1 }] = await db.query<{ lo: number; hi: number }>(
    'select min(id) as lo, max(id) as hi from chat_messages',
    [],
  );
  const base = await time(RUNS, () =>
    db.query('select * from chat_messages where id = $1::int', [lo + Math.floor(Math.random() * (hi - lo))]),
  );
  console.log(
    `\n${label}: ${MESSAGES.toLocaleString()} messages of the user + ${OTHERS.toLocaleString()} of another, seeded in ${seeded.toFixed(0)} s`,
  );
  console.log(`  baseline  primary-key lookup of one message             p50 ${base.p50.toFixed(2)} ms  p99 ${base.p99.toFixed(2)} ms`);
  const queries: [string, string][] = [
    ['rare term (~0.1 %)', RARE],
    ['medium term (~3 %)', MEDIUM],
    ['two terms AND', `考研 ${MEDIUM}`],
    ['common term (~25 %)', '工作压力'],
    ['one character', '猫'],
    ['no match', '量子计算机'],
  ];
  let worst = 0;
  for (const [name, q] of queries) {
    const terms = searchTerms(q);
    let hits = 0;
    const r = await time(RUNS, async () => {
      const rows = await repo.search(me, terms, 50);
      hits = rows.length;
      for (const row of rows) snippet(row.content, terms);
    });
    worst = Math.max(worst, r.p99);
    if (values.explain) {
      const args = [me, searchGrams(terms), terms.map(containsPattern)];
      for (const [sql, params] of [
        [SEARCH_CANDIDATES_SQL, args],
        [SEARCH_WALK_SQL, [...args, 2_147_483_647]],
      ] as const) {
        const plan = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${sql}`, [...params]);
        console.log(plan.map((p) => `      ${p['QUERY PLAN']}`).join('\n'));
      }
    }
    console.log(
      `  ${name.padEnd(20)} q=${JSON.stringify(q).padEnd(14)} hits ${String(hits).padStart(2)}  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms  ×${(r.p50 / base.p50).toFixed(1)} baseline p50`,
    );
  }
  console.log(`  worst p99 ${worst.toFixed(1)} ms — target < 100 ms: ${worst < 100 ? 'met' : 'NOT met'}`);
}

console.log(`bench:search — runs ${RUNS} per query, load average ${loadavg()[0]?.toFixed(2)}`);
if (!values['pg-only']) {
  const lite = await openDatabase({ dataDir: 'memory://' });
  try {
    await bench('PGlite (in memory)', lite);
  } finally {
    await lite.close();
  }
}
if (values.pg) {
  const pg = await freshPg(values.pg);
  const db = await openDatabase({ databaseUrl: pg.url, dataDir: 'memory://' });
  try {
    await bench('PostgreSQL', db);
  } finally {
    await db.close();
    await pg.drop();
  }
}
