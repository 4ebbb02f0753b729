import type { baziChartResponse, BaziChartData, BaziRequest } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** POST /bazi-paipan/paipan; a signed-in caller's chart is saved by the server as well (its id comes back). */
export async function calculateChart(request: BaziRequest): Promise<{ chart: BaziChartData; chartId: string | null }> {
  const res = await apiClient.post<Answer<typeof baziChartResponse>>('/bazi-paipan/paipan', request);
  return { chart: res.data, chartId: res.chart_id ?? null };
}
