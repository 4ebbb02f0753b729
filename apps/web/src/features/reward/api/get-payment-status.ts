import type { paymentStatusResponse, PaymentStatusData } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export async function getPaymentStatus(orderId: string, signal?: AbortSignal): Promise<PaymentStatusData> {
  const res = await apiClient.get<Answer<typeof paymentStatusResponse>>(`/reward/payment-status/${encodeURIComponent(orderId)}`, {
    signal,
  });
  return res.data;
}
