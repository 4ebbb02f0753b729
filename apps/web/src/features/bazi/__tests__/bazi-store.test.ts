import type { BaziChartData } from '@lingxi/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { useBaziStore } from '../stores/bazi-store';

const chart = { title: '乾造' } as BaziChartData;

describe('bazi store (spec §4 Bazi state)', () => {
  beforeEach(() => useBaziStore.setState({ result: null, loading: false, error: null }));

  it('starts with no result, not loading and no error', () => {
    expect(useBaziStore.getState()).toMatchObject({ result: null, loading: false, error: null });
  });

  it('clears the error when a result is set', () => {
    useBaziStore.getState().setError('排盘失败，请重试');
    useBaziStore.getState().setResult(chart);
    expect(useBaziStore.getState()).toMatchObject({ result: chart, error: null });
  });

  it('drops both result and error on clear', () => {
    useBaziStore.getState().setResult(chart);
    useBaziStore.getState().setError('x');
    useBaziStore.getState().clear();
    expect(useBaziStore.getState()).toMatchObject({ result: null, error: null });
  });
});
