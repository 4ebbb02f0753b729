import { paymentStatusResponse, type PaymentStatusData } from '@lingxi/shared';
import { apiClient } from '@/lib/api-client';

export async function getPaymentStatus(orderId: string, signal?: AbortSignal): Promise<PaymentStatusData> {
  const res = await apiClient.get(`/reward/payment-status/${encodeURIComponent(orderId)}`, { schema: paymentStatusResponse, signal });
  return res.data;
}
