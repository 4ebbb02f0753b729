import type { reopenSessionResponse, OrderDetail } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** A new deep session for a paid order whose session was deleted, while deep replies are left. */
export async function reopenSession(orderId: string): Promise<OrderDetail> {
  const res = await apiClient.post<Answer<typeof reopenSessionResponse>>(`/orders/${encodeURIComponent(orderId)}/session`);
  return res.data;
}
