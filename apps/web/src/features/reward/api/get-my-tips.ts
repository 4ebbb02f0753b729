import { myTipsResponse, type MyTipsData } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getMyTips(page: number, pageSize: number, signal?: AbortSignal): Promise<MyTipsData> {
  const res = await apiClient.get('/reward/my-tips', { params: { page, page_size: pageSize }, schema: myTipsResponse, signal });
  return res.data;
}
