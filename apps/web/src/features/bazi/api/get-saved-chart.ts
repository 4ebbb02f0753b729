import type { baziSavedChartResponse, BaziSavedChart } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getSavedChart(id: string): Promise<BaziSavedChart> {
  const res = await apiClient.get<Answer<typeof baziSavedChartResponse>>(`/bazi-paipan/charts/${encodeURIComponent(id)}`);
  return res.data;
}
