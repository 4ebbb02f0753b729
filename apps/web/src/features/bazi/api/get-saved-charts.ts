import type { baziChartListResponse, BaziChartList } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getSavedCharts(page = 1, pageSize = 5, signal?: AbortSignal): Promise<BaziChartList> {
  const res = await apiClient.get<Answer<typeof baziChartListResponse>>('/bazi-paipan/charts', {
    params: { page, page_size: pageSize },
    signal,
  });
  return res.data;
}
