import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { deepEntitlements, serviceOrders } from '../../src/db/schema';
import type { TestContext } from './app';
import { bearer } from './users';

/** POST /api/orders as a signed-in user; the consent is given unless the payload says otherwise. */
export function postOrder(ctx: TestContext, token: string, payload: Record<string, unknown>) {
  return ctx.inject({
    method: 'POST',
    url: '/api/orders',
    headers: bearer(token),
    payload: { service_type: 'bazi', payment_method: 'wechat', no_refund_consent: true, ...payload },
  });
}

/** Buys a deep service and returns the order as the API answered it (must succeed). */
export async function buyDeep(ctx: TestContext, token: string, payload: Record<string, unknown> = {}) {
  const res = await postOrder(ctx, token, payload);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    order_id: string;
    amount_fen: number;
    amount: number;
    trade_type: string;
    qr_code: string;
    qr_image: string | null;
    pay_url: string | null;
    jsapi: Record<string, string | null> | null;
    service_type: string;
  };
}

export async function getOrder(ctx: TestContext, token: string, orderId: string) {
  const res = await ctx.inject({ method: 'GET', url: `/api/orders/${orderId}`, headers: bearer(token) });
  return { statusCode: res.statusCode, body: res.json() };
}

export async function entitlementsOf(ctx: TestContext, orderId: string) {
  return ctx.database.db.select().from(deepEntitlements).where(eq(deepEntitlements.orderId, orderId));
}

export async function serviceOrderRow(ctx: TestContext, orderId: string) {
  const [row] = await ctx.database.db.select().from(serviceOrders).where(eq(serviceOrders.orderId, orderId));
  return row;
}

/** Sets what a deep session has left, as if that many deep replies had been used. */
export async function setRepliesLeft(ctx: TestContext, sessionId: string, left: number) {
  await ctx.database.db.update(deepEntitlements).set({ repliesLeft: left }).where(eq(deepEntitlements.sessionId, sessionId));
}
