import type { myOrdersResponse, MyOrdersData } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getMyOrders(page: number, pageSize: number, signal?: AbortSignal): Promise<MyOrdersData> {
  const res = await apiClient.get<Answer<typeof myOrdersResponse>>('/orders', { params: { page, page_size: pageSize }, signal });
  return res.data;
}
