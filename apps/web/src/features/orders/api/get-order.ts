import type { orderDetailResponse, OrderDetail } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** One of the caller's orders; while pending the server asks the provider (at most every few seconds). */
export async function getOrder(orderId: string, signal?: AbortSignal): Promise<OrderDetail> {
  const res = await apiClient.get<Answer<typeof orderDetailResponse>>(`/orders/${encodeURIComponent(orderId)}`, { signal });
  return res.data;
}
