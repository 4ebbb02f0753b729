import { baziChartResponse, type BaziChartData, type BaziRequest } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

/** POST /bazi-paipan/paipan; a signed-in caller's chart is saved by the server as well. */
export async function calculateChart(request: BaziRequest): Promise<BaziChartData> {
  const res = await apiClient.post('/bazi-paipan/paipan', request, { schema: baziChartResponse });
  return res.data;
}
