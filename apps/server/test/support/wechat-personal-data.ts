import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';
import {
  baziCharts,
  chatMessages,
  chatSessions,
  chatUsageDays,
  deepEntitlements,
  paymentOrders,
  serviceOrders,
  tips,
  wechatIdentities,
} from '../../src/db/schema';

const rowsOf = (r: unknown): Record<string, unknown>[] => (Array.isArray(r) ? r : ((r as { rows?: Record<string, unknown>[] }).rows ?? []));

/** Gives a user something in every table other areas fill (chats, charts, tips, a WeChat identity), written directly. */
export async function seedPersonalData(db: Db, userId: string, phone: string) {
  const sessionId = `sess-${userId.slice(0, 8)}`;
  await db.insert(chatSessions).values({ id: sessionId, userId, serviceType: 'bazi', sessionName: '我的事业咨询' });
  await db.insert(chatMessages).values([
    { sessionId, userId, role: 'user', content: '我明年适合换工作吗？', orderNum: 1 },
    { sessionId, userId, role: 'assistant', content: '从命盘看，明年下半年更合适。', orderNum: 2 },
  ]);
  await db.insert(chatUsageDays).values({ userId, day: '2026-11-20', tokens: 363 });
  await db.insert(baziCharts).values({
    userId,
    input: { year: 1990, month: 5, day: 1, birth_place: '北京市北京市' },
    result: { pillars: { year: { gan: '庚', zhi: '午' } } },
  });
  const orderId = `ord${userId.replace(/-/g, '').slice(0, 20)}`;
  const paidAt = new Date();
  await db.insert(paymentOrders).values({
    id: orderId,
    userId,
    userPhone: phone,
    method: 'wechat',
    tradeType: 'NATIVE',
    amountFen: 500,
    status: 'paid',
    paidAt,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  await db.insert(tips).values({ orderId, userId, userPhone: phone, amountFen: 500 });
  // A paid deep service: the payment, what it bought with the consent, and the deep session it opened.
  const serviceOrderId = `svc${userId.replace(/-/g, '').slice(0, 20)}`;
  const deepSessionId = `deep-${userId.slice(0, 8)}`;
  await db.insert(paymentOrders).values({
    id: serviceOrderId,
    userId,
    userPhone: phone,
    purpose: 'service',
    method: 'alipay',
    tradeType: 'WAP',
    amountFen: 990,
    status: 'paid',
    paidAt,
    expiresAt: new Date(Date.now() + 3600_000),
  });
  await db.insert(serviceOrders).values({
    orderId: serviceOrderId,
    userId,
    serviceType: 'bazi',
    title: '八字深度解读',
    replies: 20,
    includes: ['完整命盘分析'],
    noRefundConsentAt: paidAt,
  });
  await db.insert(chatSessions).values({ id: deepSessionId, userId, serviceType: 'bazi', sessionName: '八字深度解读' });
  await db.insert(deepEntitlements).values({
    orderId: serviceOrderId,
    userId,
    serviceType: 'bazi',
    sessionId: deepSessionId,
    repliesTotal: 20,
    repliesLeft: 12,
    summary: '你关心的是事业方向。',
  });
  await db
    .insert(wechatIdentities)
    .values({ userId, appid: 'wx_test_app', openid: `openid-${userId}`, unionid: `union-${userId}`, nickname: '微信用户·测试' });
  return { sessionId, orderId, serviceOrderId, deepSessionId };
}

/** Every (table, column) of the public schema whose text contains `needle`: the "no personal data left" check. */
export async function findEverywhere(db: Db, needle: string): Promise<string[]> {
  const columns = rowsOf(
    await db.execute(sql`select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'uuid', 'jsonb', 'json')`),
  );
  const hits: string[] = [];
  for (const c of columns) {
    const t = String(c.table_name);
    const col = String(c.column_name);
    const r = rowsOf(
      await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(t)} where ${sql.identifier(col)}::text like ${'%' + needle + '%'}`,
      ),
    );
    if (Number(r[0]?.n) > 0) hits.push(`${t}.${col}`);
  }
  return hits;
}
