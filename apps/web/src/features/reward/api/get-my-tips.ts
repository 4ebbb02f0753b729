import type { myTipsResponse, MyTipsData } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getMyTips(page: number, pageSize: number, signal?: AbortSignal): Promise<MyTipsData> {
  const res = await apiClient.get<Answer<typeof myTipsResponse>>('/reward/my-tips', { params: { page, page_size: pageSize }, signal });
  return res.data;
}
