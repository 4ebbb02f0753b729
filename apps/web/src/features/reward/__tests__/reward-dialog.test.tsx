import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { RewardDialog } from '../components/reward-dialog';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown, message = '成功') => json(200, { success: true, message, data });
const ORDER = {
  order_id: 'a1b2c3d4e5f6a7b8c9d0e1f2',
  trade_type: 'NATIVE',
  qr_code: 'http://127.0.0.1:8000/api/sandbox/wxpay/pay/a1b2c3d4e5f6a7b8c9d0e1f2',
  qr_image: 'data:image/png;base64,iVBORw0KGgo=',
  payment_method: 'wechat',
  amount: 5,
  status: 'pending',
  expires_at: '2026-11-22T10:15:00.000Z',
};
const status = (s: string) =>
  ok({ order_id: ORDER.order_id, status: s, payment_method: 'wechat', amount: 5, paid_at: null, expires_at: ORDER.expires_at });

/** Routes each call by path so the tests read like the conversation with the server. */
function serve(routes: Record<string, () => Response | Promise<Response>>) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    const key = Object.keys(routes).find((k) => url.includes(k));
    if (!key) throw new Error(`unexpected ${url}`);
    return routes[key]!();
  });
}

async function flush(ms = 0) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function open(props: { onClose?: () => void; onSuccess?: () => void } = {}) {
  render(
    <AppProvider>
      <RewardDialog open onClose={props.onClose ?? (() => {})} onSuccess={props.onSuccess} />
    </AppProvider>,
  );
}

const created = () => fetchMock.mock.calls.filter(([u]) => String(u).includes('/reward/wechat-pay'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('reward dialog', () => {
  it('shows quick amounts, the range and the terms, and the methods the server offers', async () => {
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }) });
    open();
    await flush();
    for (const a of [1, 5, 10, 20, 50, 100]) expect(screen.getByRole('button', { name: `¥${a}` })).toBeTruthy();
    expect(screen.getByText('打赏金额范围 0.01 - 100 元')).toBeTruthy();
    expect(screen.getByText('打赏为自愿行为，支付成功后不予退款')).toBeTruthy();
    expect(screen.getByText('微信支付')).toBeTruthy();
    expect(screen.getByText('支付宝')).toBeTruthy();
  });

  it('offers only WeChat Pay when the method list fails to load', async () => {
    serve({ '/reward/payment-methods': () => json(500, { success: false, message: '服务器内部错误' }) });
    open();
    await flush();
    expect(screen.getByText('微信支付')).toBeTruthy();
    expect(screen.queryByText('支付宝')).toBeNull();
  });

  it('clamps an amount above 100 to 100 with 单笔打赏金额上限为100元, and refuses an empty one without calling the server', async () => {
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付' }) });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '立即支付' }));
    expect(screen.getByRole('alert').textContent).toBe('请输入有效的打赏金额');
    const input = screen.getByLabelText('打赏金额') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '150' } });
    await flush();
    expect(screen.getByText('单笔打赏金额上限为100元')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即支付 ¥100.00' })).toBeTruthy();
    expect(created()).toHaveLength(0);
  });

  it('pays 5 yuan by QR: polls every 3 s, then says 打赏成功，感谢您的支持, closes and calls back', async () => {
    let polls = 0;
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付', alipay: '支付宝' }),
      '/reward/wechat-pay': () => ok(ORDER, '支付订单已创建'),
      '/reward/payment-status/': () => status(++polls < 2 ? 'pending' : 'paid'),
    });
    const onClose = vi.fn();
    const onSuccess = vi.fn();
    open({ onClose, onSuccess });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    expect(JSON.parse(String(created()[0]![1]?.body))).toEqual({ amount: 5, payment_method: 'wechat', trade_type: 'NATIVE' });
    expect((screen.getByAltText('微信支付支付二维码') as HTMLImageElement).src).toBe(ORDER.qr_image);
    expect(screen.getByTestId('payment-link').getAttribute('href')).toBe(ORDER.qr_code);
    await flush(2_900);
    expect(polls).toBe(0);
    await flush(200);
    expect(polls).toBe(1);
    expect(onSuccess).not.toHaveBeenCalled();
    await flush(3_000);
    expect(polls).toBe(2);
    expect(screen.getByText('打赏成功，感谢您的支持')).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
    expect(onSuccess).toHaveBeenCalledWith(expect.objectContaining({ order_id: ORDER.order_id }));
  });

  it('goes back to the form on 取消支付 and stops polling', async () => {
    let polls = 0;
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () => ok(ORDER),
      '/reward/payment-status/': () => status((polls++, 'pending')),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '取消支付' }));
    await flush(10_000);
    expect(polls).toBe(0);
    expect(screen.getByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
  });

  it('shows the server message, 创建支付订单失败 or 支付请求失败，请稍后重试 when the order cannot be made', async () => {
    const answers = [
      () => json(502, { success: false, message: '支付请求失败，请稍后重试', data: null }),
      () => json(400, { success: false, data: null }),
      () => Promise.reject(new TypeError('fetch failed')),
    ];
    serve({ '/reward/payment-methods': () => ok({ wechat: '微信支付' }), '/reward/wechat-pay': () => answers.shift()!() });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥1' }));
    for (const text of ['支付请求失败，请稍后重试', '创建支付订单失败', '支付请求失败，请稍后重试']) {
      fireEvent.click(screen.getByRole('button', { name: /立即支付 ¥1\.00/ }));
      await flush();
      expect(screen.getAllByText(text).length).toBeGreaterThan(0);
    }
  });

  it('treats an order of another trade type as done at once with 支付订单已创建', async () => {
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () => ok({ ...ORDER, trade_type: 'JSAPI' }),
    });
    const onSuccess = vi.fn();
    open({ onSuccess });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥10' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥10.00' }));
    await flush();
    expect(screen.getByText('支付订单已创建')).toBeTruthy();
    expect(onSuccess).toHaveBeenCalled();
  });

  it('goes back to the form when the order expires unpaid', async () => {
    serve({
      '/reward/payment-methods': () => ok({ wechat: '微信支付' }),
      '/reward/wechat-pay': () => ok(ORDER),
      '/reward/payment-status/': () => status('expired'),
    });
    open();
    await flush();
    fireEvent.click(screen.getByRole('button', { name: '¥5' }));
    fireEvent.click(screen.getByRole('button', { name: '立即支付 ¥5.00' }));
    await flush();
    await flush(3_100);
    expect(screen.getByText('支付已超时，请重新发起打赏')).toBeTruthy();
    expect(screen.getByRole('button', { name: '立即支付 ¥5.00' })).toBeTruthy();
  });
});
