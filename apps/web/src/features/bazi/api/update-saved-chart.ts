import type { BaziChartPatch, baziSavedChartResponse, BaziSavedChart } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** Renames a saved chart, or casts it again with other options (子时 rule, 真太阳时, 夏令时). */
export async function updateSavedChart(id: string, patch: BaziChartPatch): Promise<BaziSavedChart> {
  const res = await apiClient.patch<Answer<typeof baziSavedChartResponse>>(`/bazi-paipan/charts/${encodeURIComponent(id)}`, patch);
  return res.data;
}
