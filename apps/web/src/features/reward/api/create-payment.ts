import type { createPaymentResponse, PaymentMethod, PaymentOrder, TradeType } from '@lingxi/shared';
import { apiClient, type Answer } from '@/lib/api-client';

export interface CreatePaymentInput {
  /** Yuan with at most two decimals; the server turns it into integer fen from its decimal text. */
  amount: number;
  payment_method: PaymentMethod;
  trade_type?: TradeType;
  /** Where a phone cashier sends the payer back (a path of this site). */
  return_path?: string;
}

export async function createPayment(input: CreatePaymentInput): Promise<PaymentOrder> {
  const res = await apiClient.post<Answer<typeof createPaymentResponse>>('/reward/wechat-pay', { trade_type: 'NATIVE', ...input });
  return res.data;
}
