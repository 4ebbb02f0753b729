import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { PurchaseDialog } from '../components/purchase-dialog';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, message = '成功') => json(200, { success: true, message, data });
const OFFER = { price_fen: 990, replies: 20, title: '八字深度解读', includes: ['以你保存的完整命盘为依据', '先结构化分析，再给具体建议'] };
const ORDER = {
  order_id: 'b1b2c3d4e5f6a7b8c9d0e1f2',
  trade_type: 'NATIVE',
  qr_code: 'http://127.0.0.1:8000/api/sandbox/wxpay/pay/b1b2c3d4e5f6a7b8c9d0e1f2',
  qr_image: 'data:image/png;base64,iVBORw0KGgo=',
  pay_url: null,
  jsapi: null,
  payment_method: 'wechat',
  amount: 9.9,
  amount_fen: 990,
  status: 'pending',
  expires_at: '2026-11-22T10:15:00.000Z',
  service_type: 'bazi',
};
const detail = (status: string) =>
  ok({
    order_id: ORDER.order_id,
    status,
    service_type: 'bazi',
    title: OFFER.title,
    includes: OFFER.includes,
    amount_fen: 990,
    amount: 9.9,
    payment_method: 'wechat',
    trade_type: 'NATIVE',
    created_at: '2026-11-22T10:00:00.000Z',
    paid_at: status === 'paid' ? '2026-11-22T10:01:00.000Z' : null,
    expires_at: ORDER.expires_at,
    no_refund_consent_at: '2026-11-22T10:00:00.000Z',
    session_id: status === 'paid' ? 'deep-session-1' : null,
    remaining: status === 'paid' ? 20 : null,
    replies_total: status === 'paid' ? 20 : null,
  });

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
const orderCalls = () => fetchMock.mock.calls.filter(([u, i]) => String(u).endsWith('/api/orders') && i?.method === 'POST');

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('buying a deep service', () => {
  it('shows the price, the replies and what is included, and pays only once 付费服务即时生效，不支持退款 is ticked', async () => {
    let polls = 0;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.endsWith('/api/orders') && init?.method === 'POST') return ok(ORDER, '订单已创建');
      if (url.includes(`/api/orders/${ORDER.order_id}`)) return detail(++polls < 2 ? 'pending' : 'paid');
      throw new Error(`unexpected ${url}`);
    });
    const onPaid = vi.fn();
    render(
      <AppProvider>
        <PurchaseDialog open type="bazi" personaTitle="八字命理" offer={OFFER} onClose={() => {}} onPaid={onPaid} />
      </AppProvider>,
    );
    expect(screen.getByTestId('purchase-price').textContent).toBe('¥9.90');
    expect(screen.getByText('含 20 次深度回复，支付成功后立即开启一个新的深度会话。')).toBeTruthy();
    for (const line of OFFER.includes) expect(screen.getByText(line)).toBeTruthy();
    const pay = screen.getByRole('button', { name: '确认支付 ¥9.90' }) as HTMLButtonElement;
    expect(pay.disabled).toBe(true);
    fireEvent.click(pay);
    expect(orderCalls()).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox'));
    expect(pay.disabled).toBe(false);
    fireEvent.click(pay);
    await flush();
    // The request carries the consent and the device's trade type, never a price.
    expect(JSON.parse(String(orderCalls()[0]?.[1]?.body))).toEqual({
      service_type: 'bazi',
      payment_method: 'wechat',
      trade_type: 'NATIVE',
      return_path: '/?pay=deep',
      no_refund_consent: true,
    });
    expect(screen.getByAltText('微信支付支付二维码')).toBeTruthy();
    expect(screen.getByText(/付费服务即时生效，不支持退款/)).toBeTruthy();
    await flush(3_100);
    expect(onPaid).not.toHaveBeenCalled();
    await flush(3_000);
    expect(onPaid).toHaveBeenCalledWith(expect.objectContaining({ status: 'paid', session_id: 'deep-session-1', remaining: 20 }));
  });

  it('says what the server refused (an offer turned off meanwhile) and stays on the confirmation', async () => {
    fetchMock.mockImplementation(async () => json(400, { success: false, message: '该服务暂未提供深度服务', data: null }));
    render(
      <AppProvider>
        <PurchaseDialog open type="bazi" personaTitle="八字命理" offer={OFFER} onClose={() => {}} onPaid={() => {}} />
      </AppProvider>,
    );
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: '确认支付 ¥9.90' }));
    await flush();
    expect(await screen.findByText('该服务暂未提供深度服务')).toBeTruthy();
    expect(screen.getByRole('button', { name: /确认支付 ¥9\.90/ })).toBeTruthy();
  });
});
