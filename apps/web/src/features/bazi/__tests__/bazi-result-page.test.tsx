import { computeChartFromSpec } from '@lingxi/bazi';
import type { BaziChartData } from '@lingxi/shared';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderAt } from '@/test/render';
import { BaziResultPage } from '../components/bazi-result-page';
import { useBaziStore } from '../stores/bazi-store';

const chart = JSON.parse(
  JSON.stringify(
    computeChartFromSpec({
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
    }),
  ),
) as BaziChartData;

describe('bazi result page', () => {
  beforeEach(() => useBaziStore.setState({ result: null, loading: false, error: null }));

  it('asks to calculate first when there is no chart', () => {
    renderAt(<BaziResultPage />, '/baziresult');
    expect(screen.getByText('暂无排盘数据，请先排盘')).toBeTruthy();
    expect(screen.getByRole('button', { name: '去排盘' })).toBeTruthy();
  });

  it('shows title, place, terms, the four pillars with hidden stems and the ten luck cycles', () => {
    useBaziStore.getState().setResult(chart);
    renderAt(<BaziResultPage />, '/baziresult');
    expect(screen.getByText('坤造')).toBeTruthy();
    expect(screen.getByText('广东广州')).toBeTruthy();
    expect(screen.getByText(`${chart.previous_term.name} ${chart.previous_term.datetime}`)).toBeTruthy();
    const table = screen.getByRole('table', { name: '四柱' });
    for (const label of ['年柱', '月柱', '日柱', '时柱', '十神', '天干', '地支', '藏干', '纳音'])
      expect(within(table).getByText(label)).toBeTruthy();
    expect(within(table).getAllByText(chart.pillars.year.na_yin).length).toBeGreaterThan(0);
    expect(within(table).getAllByText('日主')).toHaveLength(1);
    expect(screen.getAllByRole('article')).toHaveLength(10);
    expect(within(screen.getAllByRole('article')[0]!).getAllByRole('listitem').length).toBeGreaterThanOrEqual(11);
  });

  it('states the corrections that were applied', () => {
    useBaziStore.getState().setResult(chart);
    renderAt(<BaziResultPage />, '/baziresult');
    expect(screen.getByText('已按夏令时校正：1988-06-01 10:30 → 09:30')).toBeTruthy();
    expect(screen.getByText(/^真太阳时校正：1988-06-01 09:30 → 09:05:22/)).toBeTruthy();
    expect(screen.getByText(/东经113\.28°/)).toBeTruthy();
    expect(screen.getByText('真太阳时：开')).toBeTruthy();
  });
});
