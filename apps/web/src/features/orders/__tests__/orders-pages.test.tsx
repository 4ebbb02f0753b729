import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { OffersPage } from '../components/offers-page';
import { OrdersPage } from '../components/orders-page';
import { fenText, yuanToFen } from '../lib/format';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const ok = (data: unknown) => json(200, { success: true, message: '成功', data });
const order = (over: Record<string, unknown> = {}) => ({
  order_id: 'c1c2c3c4c5c6c7c8c9c0c1c2',
  status: 'paid',
  service_type: 'bazi',
  title: '八字深度解读',
  includes: ['x'],
  amount_fen: 990,
  amount: 9.9,
  payment_method: 'wechat',
  trade_type: 'NATIVE',
  created_at: '2026-11-22T02:00:00.000Z',
  paid_at: '2026-11-22T02:01:00.000Z',
  expires_at: '2026-11-22T02:15:00.000Z',
  no_refund_consent_at: '2026-11-22T02:00:00.000Z',
  session_id: 'deep-1',
  remaining: 12,
  replies_total: 20,
  ...over,
});

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('money on the page', () => {
  it('shows fen as ¥ with two decimals and reads an operator’s yuan into fen', () => {
    expect(fenText(990)).toBe('¥9.90');
    expect(fenText(5)).toBe('¥0.05');
    expect(fenText(100000)).toBe('¥1000.00');
    expect(yuanToFen('9.9')).toBe(990);
    expect(yuanToFen('12.80')).toBe(1280);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('1.234')).toBeNull();
    expect(yuanToFen('abc')).toBeNull();
  });
});

describe('我的订单 (/orders)', () => {
  it('asks a visitor to log in, and loads nothing', async () => {
    renderAt(<OrdersPage initialized signedIn={false} />, '/orders');
    expect(screen.getByText('请先登录')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists each paid order with its service, amount, status, remaining replies and a way into the session', async () => {
    fetchMock.mockImplementation(async () =>
      ok({
        records: [order(), order({ order_id: 'd1d2d3d4d5d6d7d8d9d0d1d2', remaining: 0, title: '紫微深度解读', service_type: 'ziwei' })],
        total: 2,
      }),
    );
    const { router } = renderAt(<OrdersPage initialized signedIn />, '/orders', [{ path: '/chat/:type', element: <div>深度会话</div> }]);
    await screen.findByText('八字深度解读');
    expect(new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://x').searchParams.toString()).toBe('page=1&page_size=10');
    expect(screen.getAllByText('¥9.90')).toHaveLength(2);
    expect(screen.getByText('12/20 次')).toBeTruthy();
    expect(screen.getByText('已用完')).toBeTruthy();
    expect(screen.getByText('已支付')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '进入会话' })[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/chat/bazi?session=deep-1'));
  });

  it('says there are no orders yet', async () => {
    fetchMock.mockImplementation(async () => ok({ records: [], total: 0 }));
    renderAt(<OrdersPage initialized signedIn />, '/orders');
    expect(await screen.findByText('暂无订单，在服务页面可以购买深度服务')).toBeTruthy();
  });
});

describe('深度服务定价 (/admin/offers)', () => {
  const offers = [
    {
      service_type: 'liuyao',
      persona_title: '六爻占卜',
      category: 'fortune',
      enabled: true,
      price_fen: 990,
      replies: 20,
      title: '六爻深度解卦',
      includes: ['一事一占'],
      updated_at: '2026-11-22T02:00:00.000Z',
    },
  ];
  const audit = {
    records: [
      {
        id: 1,
        actor_phone: '13900000000',
        action: 'service_offer.update',
        target: 'liuyao',
        before: { enabled: true, priceFen: 990, replies: 20, title: '六爻深度解卦', includes: ['一事一占'] },
        after: { enabled: true, priceFen: 1280, replies: 20, title: '六爻深度解卦', includes: ['一事一占'] },
        created_at: '2026-11-22T02:00:00.000Z',
      },
    ],
    total: 1,
  };

  it('shows the 403 of a non-admin', async () => {
    fetchMock.mockImplementation(async () => json(403, { success: false, message: '无权限：仅管理员可以访问', data: null }));
    renderAt(<OffersPage initialized signedIn />, '/admin/offers');
    expect(await screen.findByText('无权限：仅管理员可以访问')).toBeTruthy();
  });

  it('lists the offers and the log of changes (old → new), and saves an edited price in fen', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.includes('/admin/service-offers/liuyao') && init?.method === 'PUT') return ok({ ...offers[0], price_fen: 1990 });
      if (url.includes('/admin/service-offers')) return ok(offers);
      if (url.includes('/admin/audit-log')) return ok(audit);
      throw new Error(url);
    });
    renderAt(<OffersPage initialized signedIn />, '/admin/offers');
    expect(await screen.findByText('价格：¥9.90 → ¥12.80')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '编辑 六爻占卜' }));
    const price = await screen.findByLabelText('价格（元）');
    fireEvent.change(price, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('价格需在 0.01–1000 元之间')).toBeTruthy();
    fireEvent.change(price, { target: { value: '19.9' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'PUT')).toBe(true));
    const put = fetchMock.mock.calls.find(([, i]) => i?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      enabled: true,
      price_fen: 1990,
      replies: 20,
      title: '六爻深度解卦',
      includes: ['一事一占'],
    });
  });
});
