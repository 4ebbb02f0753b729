import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { RewardHistoryPage } from '../components/reward-history-page';
import { RewardListPage } from '../components/reward-list-page';
import { amountError, averageYuan, formatYuan, shortOrderId } from '../lib/format';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tip = (id: string, amount: number, phone = '13800138000') => ({
  id: `tip-${id}`,
  order_id: `${id}0000000000000000`,
  user_phone: phone,
  amount,
  payment_method: 'wechat',
  created_at: '2026-11-22T02:03:04.000Z',
});
const urls = () => fetchMock.mock.calls.map(([u]) => new URL(String(u), 'http://x'));

beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('amount and display rules', () => {
  it('shows ¥ with 2 decimals and the first 8 characters of an order number', () => {
    expect(formatYuan(5)).toBe('¥5.00');
    expect(shortOrderId('a1b2c3d4e5f6')).toBe('a1b2c3d4…');
    expect(amountError(0)).toBe('请输入有效的打赏金额');
    expect(amountError(0.01)).toBeNull();
    expect(amountError(100)).toBeNull();
  });

  it('rounds the average to the fen, never cutting it: 497.67 / 23 is ¥21.64', () => {
    expect(averageYuan(497.67, 23)).toBe(21.64);
    expect(averageYuan(26.5, 3)).toBe(8.83);
    expect(averageYuan(0.05, 2)).toBe(0.03);
    expect(averageYuan(0.1, 3)).toBe(0.03);
    expect(averageYuan(10, 0)).toBe(0);
  });
});

describe('My tips (/rewardhistory)', () => {
  it('asks a visitor without a session to log in', async () => {
    const { router } = renderAt(<RewardHistoryPage initialized signedIn={false} />, '/rewardhistory', [
      { path: '/login', element: <div>登录页</div> },
    ]);
    expect(screen.getByText('请先登录')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '去登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows count, total and average with 2 decimals and one row per tip, status 支付成功', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        success: true,
        message: '成功',
        data: { records: [tip('abcdef12', 20), tip('12345678', 5.5)], total: 3, count: 3, total_amount: 26.5 },
      }),
    );
    renderAt(<RewardHistoryPage initialized signedIn />, '/rewardhistory');
    await screen.findByText('abcdef12…');
    expect(urls()[0]!.searchParams.toString()).toBe('page=1&page_size=10');
    const stat = (title: string) => screen.getByText(title).closest('.ant-statistic')?.textContent;
    expect(stat('打赏次数')).toBe('打赏次数3次');
    expect(stat('打赏总额')).toBe('打赏总额¥26.50');
    expect(stat('平均金额')).toBe('平均金额¥8.83');
    expect(screen.getByText('¥20.00')).toBeTruthy();
    expect(screen.getAllByText('支付成功')).toHaveLength(2);
    for (const h of ['订单号', '金额', '状态', '时间']) expect(screen.getByText(h)).toBeTruthy();
  });

  it('shows the rounded average of all tips: 497.67 over 23 tips is ¥21.64', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, {
        success: true,
        message: '成功',
        data: { records: [tip('abcdef12', 21.67)], total: 23, count: 23, total_amount: 497.67 },
      }),
    );
    renderAt(<RewardHistoryPage initialized signedIn />, '/rewardhistory');
    await screen.findByText('abcdef12…');
    expect(screen.getByText('平均金额').closest('.ant-statistic')?.textContent).toBe('平均金额¥21.64');
  });

  it('pages with a size changer (5/10/20/50, default 10) and a quick jumper', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { success: true, message: '成功', data: { records: [tip('abcdef12', 1)], total: 30, count: 30, total_amount: 30 } }),
    );
    renderAt(<RewardHistoryPage initialized signedIn />, '/rewardhistory');
    await screen.findByText('abcdef12…');
    expect(screen.getByText('10 条/页')).toBeTruthy();
    expect(document.querySelector('.ant-pagination-options-quick-jumper')?.textContent).toMatch(/跳至/);
    fireEvent.click(screen.getByTitle('3'));
    await waitFor(() => expect(urls().at(-1)!.searchParams.toString()).toBe('page=3&page_size=10'));
  });

  it('says 暂无打赏记录 when there are none', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { success: true, message: '成功', data: { records: [], total: 0, count: 0, total_amount: 0 } }),
    );
    renderAt(<RewardHistoryPage initialized signedIn />, '/rewardhistory');
    expect(await screen.findByText('暂无打赏记录')).toBeTruthy();
  });
});

describe('Admin tip list (/rewardlist)', () => {
  it('shows the server 403 message to a non-admin', async () => {
    fetchMock.mockImplementation(async () => json(403, { success: false, message: '无权限：仅管理员可以访问', data: null }));
    renderAt(<RewardListPage initialized signedIn />, '/rewardlist');
    expect(await screen.findByText('无权限：仅管理员可以访问')).toBeTruthy();
  });

  it('lists phone, amount and time with 共 {total} 条, and sends the filters from page 1', async () => {
    fetchMock.mockImplementation(async () =>
      json(200, { success: true, message: '成功', data: { records: [tip('a', 3, '13900001111')], total: 3 } }),
    );
    renderAt(<RewardListPage initialized signedIn />, '/rewardlist');
    expect(await screen.findByText('13900001111')).toBeTruthy();
    expect(screen.getByText('共 3 条')).toBeTruthy();
    expect(urls()[0]!.searchParams.toString()).toBe('page=1&page_size=10');
    fireEvent.change(screen.getByPlaceholderText('请输入手机号'), { target: { value: '1390000' } });
    expect((screen.getByPlaceholderText('请输入手机号') as HTMLInputElement).maxLength).toBe(11);
    const [min, max] = screen.getAllByPlaceholderText('0.00');
    fireEvent.change(min!, { target: { value: '1' } });
    fireEvent.change(max!, { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(urls()).toHaveLength(2));
    expect(Object.fromEntries(urls()[1]!.searchParams)).toEqual({ page: '1', page_size: '10', userPhone: '1390000', min: '1', max: '50' });
  });

  it('warns 最小金额不能大于最大金额 and sends nothing when min > max', async () => {
    fetchMock.mockImplementation(async () => json(200, { success: true, message: '成功', data: { records: [], total: 0 } }));
    renderAt(<RewardListPage initialized signedIn />, '/rewardlist');
    await waitFor(() => expect(urls()).toHaveLength(1));
    const [min, max] = screen.getAllByPlaceholderText('0.00') as HTMLElement[];
    fireEvent.change(min as HTMLElement, { target: { value: '50' } });
    fireEvent.change(max as HTMLElement, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('最小金额不能大于最大金额')).toBeTruthy();
    expect(urls()).toHaveLength(1);
  });

  it('keeps the page-size changer and the quick jumper on the tip list too', async () => {
    fetchMock.mockImplementation(async () => json(200, { success: true, message: '成功', data: { records: [tip('a', 3)], total: 45 } }));
    renderAt(<RewardListPage initialized signedIn />, '/rewardlist');
    await screen.findByText('共 45 条');
    const pager = document.querySelector('.ant-pagination.reward-pagination');
    expect(pager?.querySelector('.ant-pagination-options-size-changer')).toBeTruthy();
    expect(pager?.querySelector('.ant-pagination-options-quick-jumper')?.textContent).toMatch(/跳至/);
  });

  it('falls back to 获取失败 for a refusal without a message and 请求失败 when nothing answered', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: false, data: null }));
    const first = renderAt(<RewardListPage initialized signedIn />, '/rewardlist');
    expect(await screen.findByText('获取失败')).toBeTruthy();
    first.unmount();
    fetchMock.mockRejectedValueOnce(new TypeError('fetch failed'));
    renderAt(<RewardListPage initialized signedIn />, '/rewardlist');
    expect(await screen.findByText('请求失败')).toBeTruthy();
  });
});
