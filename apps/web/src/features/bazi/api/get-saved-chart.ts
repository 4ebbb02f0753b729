import type { baziSavedChartResponse, BaziSavedChart } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** A saved chart, cast again by the server; with `timeline`, the 流年/流月 of `year` too (ADR 021). */
export async function getSavedChart(
  id: string,
  o: { timeline?: boolean; year?: number; signal?: AbortSignal } = {},
): Promise<BaziSavedChart> {
  const res = await apiClient.get<Answer<typeof baziSavedChartResponse>>(`/bazi-paipan/charts/${encodeURIComponent(id)}`, {
    params: o.timeline ? { include: 'timeline', liu_yue_year: o.year } : {},
    signal: o.signal,
  });
  return res.data;
}
