import { baziSavedChartResponse, type BaziSavedChart } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getSavedChart(id: string): Promise<BaziSavedChart> {
  const res = await apiClient.get(`/bazi-paipan/charts/${encodeURIComponent(id)}`, { schema: baziSavedChartResponse });
  return res.data;
}
