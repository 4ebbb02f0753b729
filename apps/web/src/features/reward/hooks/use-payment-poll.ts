import { PAYMENT_POLL_MS } from '@lingxi/shared/rules';
import type { PaymentStatus } from '@lingxi/shared';
import { useEffect, useEffectEvent } from 'react';
import { getPaymentStatus } from '../api/get-payment-status';

/**
 * Spec §4 Payment: while an order is shown, its status is fetched every 3 s until it is no longer pending.
 * A failed fetch is retried on the next tick: the payment may still go through, and the server settles it.
 */
export function usePaymentPoll(orderId: string | null, onSettled: (status: Exclude<PaymentStatus, 'pending'>) => void) {
  // The caller's latest handler, without restarting the poll when it changes.
  const settled = useEffectEvent(onSettled);

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const { status } = await getPaymentStatus(orderId, controller.signal);
        if (controller.signal.aborted) return;
        if (status !== 'pending') {
          settled(status);
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(tick, PAYMENT_POLL_MS);
    };
    timer = setTimeout(tick, PAYMENT_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId]);
}
