import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClientProvider } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { TokenStatsPage } from '../components/token-stats-page';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The reply-votes card asks on its own; fetchMock sees only the token queries. */
const votes = vi.fn(async () => json(200, { success: true, message: '成功', data: { up: 7, down: 2, replies_voted: 8 } }));

beforeEach(() =>
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/stats/votes') ? votes() : fetchMock(input, init),
  ),
);
afterEach(() => {
  fetchMock.mockReset();
  votes.mockClear();
  vi.unstubAllGlobals();
});

const renderPage = (isAdmin: boolean) =>
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <TokenStatsPage isAdmin={isAdmin} />
      </QueryClientProvider>
    </AppProvider>,
  );

describe('token statistics page', () => {
  it('tells a non-admin that only admins may view it, without calling the server', () => {
    renderPage(false);
    expect(screen.getByText('仅管理员可以查看令牌统计')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the likes and dislikes of replies over every user', async () => {
    renderPage(true);
    const card = await screen.findByTestId('reply-votes');
    await vi.waitFor(() => expect(card.textContent).toContain('7'));
    expect(card.textContent).toMatch(/点赞7.*点踩2.*被评价的回复8/);
  });

  it('warns when both fields are empty after trimming', async () => {
    renderPage(true);
    fireEvent.change(screen.getByLabelText('session_id'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('请输入 session_id 或手机号')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('queries with trimmed values and shows the three totals and the session rows', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        message: '成功',
        data: {
          total_tokens: 150,
          user_tokens: 100,
          assistant_tokens: 50,
          estimated_messages: 0,
          sessions: [{ session_id: 's-1', user_tokens: 100, assistant_tokens: 50, total_tokens: 150 }],
        },
      }),
    );
    renderPage(true);
    fireEvent.change(screen.getByLabelText('手机号'), { target: { value: ' 13800138000 ' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('s-1')).toBeTruthy();
    const url = String(fetchMock.mock.calls[0]![0]);
    expect(url).toContain('phone=13800138000');
    expect(url).not.toContain('session_id=');
    for (const t of ['总Token数', '用户Token', '助手Token']) expect(screen.getByText(t)).toBeTruthy();
  });

  it('shows 无权限 on a 403 and the server message on other failures', async () => {
    fetchMock.mockResolvedValueOnce(json(403, { success: false, message: '无权限：仅管理员可以访问', data: null }));
    fetchMock.mockResolvedValueOnce(json(400, { success: false, message: '请输入正确的手机号', data: null }));
    renderPage(true);
    fireEvent.change(screen.getByLabelText('session_id'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect((await screen.findAllByText('无权限')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect((await screen.findAllByText('请输入正确的手机号')).length).toBeGreaterThan(0);
  });
});
