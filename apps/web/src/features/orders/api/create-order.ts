import type { createOrderResponse, CreatedOrder, PaymentMethod, TradeType } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

/** POST /orders: the server prices it; the request carries the payer's consent, never a price. */
export async function createOrder(input: {
  service_type: string;
  payment_method: PaymentMethod;
  trade_type: TradeType;
  return_path: string;
}): Promise<CreatedOrder> {
  const res = await apiClient.post<Answer<typeof createOrderResponse>>('/orders', { ...input, no_refund_consent: true });
  return res.data;
}
