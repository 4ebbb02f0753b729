import type { baziChartResponse, BaziChartData, BaziRequest } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** POST /bazi-paipan/paipan; a signed-in caller's chart is saved by the server as well. */
export async function calculateChart(request: BaziRequest): Promise<BaziChartData> {
  const res = await apiClient.post<Answer<typeof baziChartResponse>>('/bazi-paipan/paipan', request);
  return res.data;
}
