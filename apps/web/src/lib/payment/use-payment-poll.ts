import { PAYMENT_POLL_MS } from '@lingxi/shared/rules';
import type { PaymentStatus } from '@lingxi/shared';
import { useEffect, useEffectEvent } from 'react';

/**
 * Spec §4 Payment: while an order is shown, its status is fetched every 3 s until it is no longer pending. A failed
 * fetch is retried on the next tick: the payment may still go through, and the server settles it. `checkNow` bumps
 * an immediate fetch (a payer back from a phone cashier says they have paid).
 */
export function usePaymentPoll<S extends { status: PaymentStatus }>(
  orderId: string | null,
  fetchStatus: (orderId: string, signal: AbortSignal) => Promise<S>,
  onSettled: (status: Exclude<PaymentStatus, 'pending'>, answer: S) => void,
  o: { immediate?: boolean; nonce?: number } = {},
) {
  // The caller's latest handlers, without restarting the poll when they change.
  const settled = useEffectEvent(onSettled);
  const read = useEffectEvent(fetchStatus);
  const { immediate = false, nonce = 0 } = o;

  useEffect(() => {
    if (!orderId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      try {
        const answer = await read(orderId, controller.signal);
        if (controller.signal.aborted) return;
        if (answer.status !== 'pending') {
          settled(answer.status, answer);
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      timer = setTimeout(tick, PAYMENT_POLL_MS);
    };
    timer = setTimeout(tick, immediate || nonce > 0 ? 0 : PAYMENT_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [orderId, immediate, nonce]);
}
