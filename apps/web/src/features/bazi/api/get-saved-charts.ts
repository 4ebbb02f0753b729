import { baziChartListResponse, type BaziChartList } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getSavedCharts(page = 1, pageSize = 5, signal?: AbortSignal): Promise<BaziChartList> {
  const res = await apiClient.get('/bazi-paipan/charts', { params: { page, page_size: pageSize }, schema: baziChartListResponse, signal });
  return res.data;
}
