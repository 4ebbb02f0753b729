import { computeChartFromSpec } from '@lingxi/bazi';
import type { BaziChartData } from '@lingxi/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { BaziResultPage } from '../components/bazi-result-page';
import { useBaziStore } from '../stores/bazi-store';

const cast = (request: Record<string, unknown>) => JSON.parse(JSON.stringify(computeChartFromSpec(request))) as BaziChartData;

const guangzhou = {
  year: '1988',
  month: '06',
  day: '01',
  hour: '10',
  minute: '30',
  isLeapMonth: false,
  gender: 'female',
  calendarType: 'solar',
  birth_place: '广东广州',
  trueSolarTime: true,
};
const chart = cast(guangzhou);
const ID = '11111111-1111-4111-8111-111111111111';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The bazi endpoints the page calls, answering from `charts` (id → request). */
function serve(charts: Record<string, { name: string | null; input: Record<string, unknown> }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://x');
    const method = init?.method ?? 'GET';
    const saved = (id: string, request: Record<string, unknown>) => ({
      id,
      created_at: '2026-01-01T00:00:00.000Z',
      name: charts[id]?.name ?? null,
      input: request,
      result: cast({
        ...request,
        ...(url.searchParams.get('include') ? { include: 'timeline', liu_yue_year: url.searchParams.get('liu_yue_year') } : {}),
      }),
    });
    if (url.pathname.endsWith('/bazi-paipan/charts') && method === 'GET') {
      const records = Object.entries(charts).map(([id, c]) => ({ id, name: c.name }));
      return json(200, { success: true, message: '成功', data: { records, total: records.length, page: 1, page_size: 1 } });
    }
    const match = url.pathname.match(/\/bazi-paipan\/charts\/([^/]+)$/);
    const id = match?.[1] ?? '';
    const entry = charts[id];
    if (match && !entry) return json(404, { success: false, message: '命盘不存在', data: null });
    if (match && entry && method === 'GET') return json(200, { success: true, message: '成功', data: saved(id, entry.input) });
    if (match && entry && method === 'PATCH') {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      const { name, ...options } = body;
      charts[id] = { name: name === undefined ? entry.name : (name as string | null), input: { ...entry.input, ...options } };
      return json(200, { success: true, message: '已更新', data: saved(id, charts[id].input) });
    }
    if (url.pathname.endsWith('/chat/chat-new'))
      return json(200, {
        success: true,
        message: '已创建新对话',
        session_id: 'sess-1',
        data: { session_id: 'sess-1', session_name: null },
      });
    return json(404, { success: false, message: '资源不存在', data: null });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('bazi result page', () => {
  beforeEach(() => useBaziStore.setState({ result: null, saved: null, loading: false, error: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks to calculate first when there is no chart and nothing saved', async () => {
    serve({});
    renderAt(<BaziResultPage />, '/baziresult');
    expect(await screen.findByText('暂无排盘数据，请先排盘')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去排盘' })).toBeTruthy();
  });

  it('loads the chart the address names (a refresh keeps it), with place and lunar date written once', async () => {
    serve({ [ID]: { name: '妈妈', input: guangzhou } });
    renderAt(<BaziResultPage />, `/baziresult?id=${ID}`);
    expect(await screen.findByText('坤造')).toBeTruthy();
    expect(screen.getByText('妈妈')).toBeTruthy();
    expect(screen.getByText('广东省 广州市')).toBeTruthy();
    expect(screen.queryByText(/农历农历/)).toBeNull();
    expect(screen.getByText(`${chart.previous_term.name} ${chart.previous_term.datetime}`)).toBeTruthy();
    const table = screen.getByRole('table', { name: '四柱' });
    for (const label of ['年柱', '月柱', '日柱', '时柱', '十神', '天干', '地支', '藏干', '纳音'])
      expect(within(table).getByText(label)).toBeTruthy();
    expect(within(table).getAllByText('日主')).toHaveLength(1);
    expect(screen.getAllByRole('article', { name: /^大运/ })).toHaveLength(10);
    expect(screen.getByText('已按夏令时校正：1988-06-01 10:30 → 09:30')).toBeTruthy();
    expect(screen.getByText(/^真太阳时校正：1988-06-01 09:30 → 09:05:22/)).toBeTruthy();
  });

  it('restores the latest saved chart when the address names none', async () => {
    serve({ [ID]: { name: null, input: guangzhou } });
    const { router } = renderAt(<BaziResultPage />, '/baziresult');
    await waitFor(() => expect(router.state.location.search).toBe(`?id=${ID}`));
    expect(await screen.findByText('坤造')).toBeTruthy();
  });

  it('shows the professional view: stars on each pillar, palaces and relations', async () => {
    serve({ [ID]: { name: null, input: guangzhou } });
    renderAt(<BaziResultPage />, `/baziresult?id=${ID}&tab=pro`);
    const table = await screen.findByRole('table', { name: '专业细盘' });
    expect(within(table).getByText('神煞')).toBeTruthy();
    for (const star of chart.pillars.day.shen_sha) expect(within(table).getAllByText(star).length).toBeGreaterThan(0);
    expect(screen.getByText('胎元')).toBeTruthy();
    expect(screen.getByText(chart.tai_yuan.na_yin)).toBeTruthy();
    expect(screen.getByText('刑冲合害')).toBeTruthy();
  });

  it('shows three pillars, no 命宫, and says so for an unknown birth hour', async () => {
    const request = { ...guangzhou, hour: undefined, minute: undefined, hourUnknown: true };
    serve({ [ID]: { name: null, input: request } });
    renderAt(<BaziResultPage />, `/baziresult?id=${ID}&tab=pro`);
    const table = await screen.findByRole('table', { name: '专业细盘' });
    expect(within(table).queryByText('时柱')).toBeNull();
    expect(screen.getAllByText(/出生时辰不详/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('时辰不详').length).toBe(2);
  });

  it('switches the 子-hour rule in place by casting the saved chart again', async () => {
    const fetchMock = serve({ [ID]: { name: null, input: { ...guangzhou, hour: '23', minute: '30', trueSolarTime: false } } });
    renderAt(<BaziResultPage />, `/baziresult?id=${ID}`);
    await screen.findByText('坤造');
    fireEvent.click(screen.getByText('晚子时（0点换日）'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(true));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ ziHourRule: 'day-changes-at-0' });
    await waitFor(() => expect(useBaziStore.getState().result?.options.ziHourRule).toBe('day-changes-at-0'));
  });

  it('opens the 八字 persona on a session grounded in this chart with one tap', async () => {
    const fetchMock = serve({ [ID]: { name: null, input: guangzhou } });
    const { router } = renderAt(<BaziResultPage />, `/baziresult?id=${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: /让AI解读此命盘/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/bazi'));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes('chat-new'))?.[1]?.body)) as {
      type: string;
      grounding: unknown;
    };
    expect(body).toMatchObject({ type: 'bazi', grounding: { kind: 'chart', chart_id: ID } });
    expect(new URLSearchParams(router.state.location.search).get('session')).toBe('sess-1');
    expect(new URLSearchParams(router.state.location.search).get('ask')).toBe('请帮我解读这个命盘');
  });

  it('keeps a chart that was cast but not saved, without the saved-only actions', () => {
    useBaziStore.getState().setResult(chart);
    serve({});
    renderAt(<BaziResultPage />, '/baziresult');
    expect(screen.getByText('坤造')).toBeTruthy();
    expect((screen.getByRole('button', { name: /让AI解读此命盘/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});
