import { MEMORY_MSG } from '@lingxi/shared';
import { describe, expect, it } from 'vitest';
import { SEARCH_CANDIDATES_SQL, SEARCH_WALK_SQL } from '../src/modules/chat/search-repository';
import { messageGrams, searchGrams } from '../src/modules/chat/search';
import { useTestApp, type TestContext } from './support/app';
import { dbTargets } from './support/databases';
import { newSession } from './support/safety';
import { bearer, registerChatUser } from './support/users';

type Hit = { session_id: string; order: number; service_type: string; snippet: string; highlights: [number, number][]; role: string };

async function save(ctx: TestContext, token: string, session: string, content: string, role: 'user' | 'assistant' = 'user') {
  const res = await ctx.inject({
    method: 'POST',
    url: '/api/cache/save-message',
    headers: bearer(token),
    payload: { session_id: session, role, content },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.order as number;
}

async function search(ctx: TestContext, token: string, q: string) {
  const res = await ctx.inject({ method: 'GET', url: `/api/chat/search?q=${encodeURIComponent(q)}`, headers: bearer(token) });
  return { status: res.statusCode, message: res.json().message as string, hits: res.json().data as Hit[] };
}
const marked = (h: Hit) => h.highlights.map(([a, b]) => h.snippet.slice(a, b));

describe.each(dbTargets)('search across the user’s chats on %s', (target) => {
  const ctx = useTestApp(target, { env: { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_SAVE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE: '1000' } });

  it('finds Chinese substrings and multi-word queries across every persona, newest first, with highlighted snippets', async () => {
    const u = await registerChatUser(ctx);
    const career = await newSession(ctx, u.token, 'career');
    const psych = await newSession(ctx, u.token, 'psychology');
    const o1 = await save(ctx, u.token, career, '最近工作压力很大，想换一份工作');
    await save(ctx, u.token, career, '可以先梳理一下压力的来源。', 'assistant');
    const o3 = await save(ctx, u.token, psych, '晚上总是失眠，压力让我喘不过气');
    await save(ctx, u.token, psych, '我家的猫叫团子');

    const pressure = await search(ctx, u.token, '压力');
    expect(pressure.status).toBe(200);
    expect(pressure.hits.map((h) => [h.service_type, h.order, h.role])).toEqual([
      ['psychology', o3, 'user'],
      ['career', 2, 'assistant'],
      ['career', o1, 'user'],
    ]);
    expect(pressure.hits.every((h) => marked(h).every((m) => m === '压力'))).toBe(true);
    expect(pressure.hits[0]).toMatchObject({ session_id: psych, snippet: '晚上总是失眠，压力让我喘不过气' });

    const both = await search(ctx, u.token, '工作  压力');
    expect(both.hits.map((h) => [h.session_id, h.order])).toEqual([[career, o1]]);
    expect(both.hits.map(marked)[0]).toEqual(['工作', '压力', '工作']);
    expect((await search(ctx, u.token, '猫')).hits.map((h) => h.snippet)).toEqual(['我家的猫叫团子']);
    expect((await search(ctx, u.token, '工作 失眠')).hits).toEqual([]);
    expect((await search(ctx, u.token, '压力山大')).hits).toEqual([]);
  });

  it('indexes every distinct character and adjacent pair of a message, none starting or ending in white space', async () => {
    // The reference: what ADR 026 says the index holds, for text whose lower case is the same in JavaScript and SQL. The
    // server computes it (messageGrams) for the turn's own writes; the trigger's SQL for every other writer.
    const expected = (text: string) => {
      const c = Array.from(text.toLowerCase());
      const grams = new Set<string>();
      c.forEach((ch, i) => {
        if (!/\s/.test(ch)) grams.add(ch);
        const next = c[i + 1];
        if (next !== undefined && !/\s/.test(ch) && !/\s/.test(next)) grams.add(ch + next);
      });
      return [...grams].sort();
    };
    const alphabet = Array.from('压力工作失眠猫团子AbCz09%_ \t\n\r\u3000，。😀');
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648), seed % n);
    const texts = [
      '',
      ' ',
      'x',
      '  a  ',
      '你好 世界',
      ...Array.from({ length: 60 }, () => Array.from({ length: rand(300) }, () => alphabet[rand(alphabet.length)]).join('')),
    ];
    for (const text of texts) {
      const [row] = await ctx.database.query<{ grams: string[] }>('select chat_search_grams($1) as grams', [text]);
      expect([...(row?.grams ?? [])].sort(), JSON.stringify(text)).toEqual(expected(text));
      expect(messageGrams(text).sort(), JSON.stringify(text)).toEqual(expected(text));
    }
  });

  it('stores the grams of a question and its finished reply written by a turn, as the SQL function computes them', async () => {
    const u = await registerChatUser(ctx);
    const s = await newSession(ctx, u.token, 'learning');
    const question = '我在学 TypeScript，想请教\u3000类型体操怎么入门？';
    const res = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat-streaming',
      headers: bearer(u.token),
      payload: { type: 'learning', query: question, key: s },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await ctx.database.query<{ role: string; content: string; stored: string[] | null; sql: string[] }>(
      `select role, content, search_grams as stored, chat_search_grams(content) as sql from chat_messages
        where session_id = $1 and status = 'done' order by order_num`,
      [s],
    );
    expect(rows.map((r) => r.role)).toEqual(['user', 'assistant']);
    expect(rows[0]?.content).toBe(question);
    expect(rows[1]?.content.length).toBeGreaterThan(20);
    for (const r of rows) expect([...(r.stored ?? [])].sort(), r.role).toEqual([...r.sql].sort());
    const reply = Array.from(rows[1]?.content ?? '');
    const at = reply.findIndex((ch, i) => i > 2 && !/\s/.test(ch) && !/\s/.test(reply[i + 1] ?? ' '));
    const pair = reply.slice(at, at + 2).join('');
    expect(
      (await search(ctx, u.token, pair)).hits.some((h) => h.role === 'assistant'),
      pair,
    ).toBe(true);
  });

  it('matches Latin text case-insensitively and takes % and _ literally', async () => {
    const u = await registerChatUser(ctx);
    const s = await newSession(ctx, u.token, 'learning');
    await save(ctx, u.token, s, '我在学 TypeScript，进度 100%');
    await save(ctx, u.token, s, '进度 1000 页');
    expect((await search(ctx, u.token, 'typescript')).hits.map((h) => marked(h))).toEqual([['TypeScript']]);
    expect((await search(ctx, u.token, '100%')).hits).toHaveLength(1);
    expect((await search(ctx, u.token, '1_0')).hits).toEqual([]);
  });

  it('never returns another user’s message, nor a private chat’s', async () => {
    const a = await registerChatUser(ctx);
    const b = await registerChatUser(ctx);
    const sa = await newSession(ctx, a.token, 'general');
    const sb = await newSession(ctx, b.token, 'general');
    await save(ctx, a.token, sa, '独角兽的秘密基地');
    await save(ctx, b.token, sb, '独角兽的秘密基地在北京');
    const priv = await ctx.inject({
      method: 'POST',
      url: '/api/chat/chat-new',
      headers: bearer(a.token),
      payload: { type: 'general', query: '', private: true },
    });
    await save(ctx, a.token, priv.json().session_id, '独角兽的秘密也在这里');
    expect((await search(ctx, a.token, '独角兽')).hits.map((h) => h.session_id)).toEqual([sa]);
    expect((await search(ctx, b.token, '独角兽 北京')).hits.map((h) => h.session_id)).toEqual([sb]);
    expect((await ctx.inject({ method: 'GET', url: '/api/chat/search?q=独角兽' })).statusCode).toBe(401);
  });

  it('refuses an empty or too long query with a Chinese message', async () => {
    const u = await registerChatUser(ctx);
    expect(await search(ctx, u.token, '   ')).toMatchObject({ status: 400, message: MEMORY_MSG.searchRequired });
    expect(await search(ctx, u.token, '长'.repeat(51))).toMatchObject({ status: 400, message: MEMORY_MSG.searchTooLong });
  });

  it('answers a rare term from the GIN index and a common one from the newest messages, never a table scan (EXPLAIN)', async () => {
    const u = await registerChatUser(ctx);
    const s = await newSession(ctx, u.token, 'general');
    // Enough rows of the user's for the planner to prefer the index: 5,000 messages, one of which has the word.
    await ctx.database.query(
      `insert into chat_messages (session_id, user_id, role, content, order_num)
       select $1, $2::uuid, 'user', '第' || g || '条：今天天气不错，我们去公园散步吧' || case when g = 4321 then '，顺便买冰淇淋' else '' end, g
       from generate_series(1, 5000) g`,
      [s, u.user.id],
    );
    await ctx.database.query('analyze chat_messages', []);
    const explain = async (sql: string, params: unknown[]) =>
      (await ctx.database.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params)).map((r) => r['QUERY PLAN']).join('\n');
    const args = [u.user.id, searchGrams(['冰淇淋']), ['%冰淇淋%']];
    const rare = await explain(SEARCH_CANDIDATES_SQL, args);
    expect(rare).toContain('chat_messages_search_idx');
    expect(rare).not.toMatch(/Seq Scan on chat_messages/);
    // A common term walks the user's newest messages backwards along an index — (user_id, id), or the primary key
    // where, as here, nearly every row is this user's — a few thousand rows at most.
    const common = await explain(SEARCH_WALK_SQL, [...args, 2_147_483_647]);
    expect(common).toMatch(/Index (Only )?Scan Backward using chat_messages_(user_idx|pkey)/);
    expect(common).not.toMatch(/Seq Scan on chat_messages/);
    expect((await search(ctx, u.token, '冰淇淋')).hits.map((h) => h.order)).toEqual([4321]);
    // 5,000 matches of a common term: the newest 50, newest first.
    const park = (await search(ctx, u.token, '公园 散步')).hits.map((h) => h.order);
    expect(park).toEqual(Array.from({ length: 50 }, (_, i) => 5000 - i));
  });
});
