import type { tipListResponse, TipRecord } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export interface TipListFilters {
  userPhone?: string;
  min?: number | null;
  max?: number | null;
}

export async function getTipList(
  page: number,
  pageSize: number,
  f: TipListFilters,
  signal?: AbortSignal,
): Promise<{ records: TipRecord[]; total: number }> {
  const res = await apiClient.get<Answer<typeof tipListResponse>>('/reward/list', {
    params: { page, page_size: pageSize, userPhone: f.userPhone?.trim() || undefined, min: f.min ?? undefined, max: f.max ?? undefined },
    signal,
  });
  return res.data;
}
