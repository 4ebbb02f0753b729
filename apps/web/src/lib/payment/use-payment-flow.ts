import type { PaymentMethod, PaymentOrder, PaymentStatus, TradeType } from '@lingxi/shared';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { payEnvironment, tradeTypeFor } from './device';
import { officialAccountAuthorizeUrl } from './authorize';
import { launchPayment, pageNavigation } from './launch';
import { returnedFromAuthorization, returnedOrder, returnPathFor, withoutReturnMarkers, type PaymentKind } from './return-path';
import { usePaymentPoll } from './use-payment-poll';

/**
 * idle: choosing; qr: the code is shown (desktop, or inside WeChat without an official-account login); phone: the
 * payer went to a cashier on this phone (or WeChat's pay sheet) and we wait for the result, with a way to say "done".
 */
export type PaymentPhase = 'idle' | 'creating' | 'qr' | 'phone';

export interface PaymentFlowOptions<O extends PaymentOrder, S extends { status: PaymentStatus }> {
  kind: PaymentKind;
  create: (method: PaymentMethod, tradeType: TradeType, returnPath: string) => Promise<O>;
  fetchStatus: (orderId: string, signal: AbortSignal) => Promise<S>;
  onSettled: (status: Exclude<PaymentStatus, 'pending'>, answer: S) => void;
  onError: (error: unknown) => void;
  /** Where the page is; tests pass their own. */
  userAgent?: string;
  go?: (url: string) => void;
}

/** A JSAPI refusal for want of the payer's openid: can the official account's authorisation learn it (true) or not? */
const needsAuthorization = (err: unknown): boolean | undefined => {
  if (!(err instanceof ApiError) || err.status !== 409) return undefined;
  const body = err.body as { data?: { authorize?: unknown } } | null;
  if (!body?.data || !('authorize' in body.data)) return undefined;
  return body.data.authorize === true;
};

/**
 * One payment, from "pay" to settled, on any device (issue 14): picks the trade type for the device, launches it,
 * polls every 3 s, and picks the payment up again when the payer comes back from a phone cashier.
 */
export function usePaymentFlow<O extends PaymentOrder, S extends { status: PaymentStatus }>(opts: PaymentFlowOptions<O, S>) {
  const env = payEnvironment(opts.userAgent);
  // A payer back from a phone cashier (the order is known by its id only), or from the official account's
  // authorisation (the dialog opens again at its first step): read once, from the address.
  const [back] = useState(() => ({ id: returnedOrder(opts.kind), authorized: returnedFromAuthorization(opts.kind) }));
  const [phase, setPhase] = useState<PaymentPhase>(back.id ? 'phone' : 'idle');
  const [order, setOrder] = useState<O | null>(null);
  const [pendingId, setPendingId] = useState<string | null>(back.id);
  const [nonce, setNonce] = useState(back.id ? 1 : 0);
  const [resumed, setResumed] = useState(back.authorized);
  const go = opts.go ?? ((u: string) => pageNavigation.go(u));

  useEffect(() => {
    if (back.id || back.authorized) window.history.replaceState(window.history.state, '', withoutReturnMarkers());
  }, [back]);

  const shownId = order?.order_id ?? pendingId;
  usePaymentPoll(
    phase === 'qr' || phase === 'phone' ? shownId : null,
    opts.fetchStatus,
    (status, answer) => {
      setOrder(null);
      setPendingId(null);
      setPhase('idle');
      opts.onSettled(status, answer);
    },
    { nonce },
  );

  async function start(method: PaymentMethod) {
    const tradeType = tradeTypeFor(method, env);
    if (!tradeType) return;
    setPhase('creating');
    const returnPath = returnPathFor(opts.kind);
    let created: O;
    try {
      created = await opts.create(method, tradeType, returnPath);
    } catch (err) {
      const authorize = tradeType === 'JSAPI' ? needsAuthorization(err) : undefined;
      // Inside WeChat a JSAPI payment needs the payer's official-account openid: a silent authorisation first (once:
      // back from one without it, the payer pays by QR rather than going round again).
      if (authorize && !resumed) {
        try {
          go(await officialAccountAuthorizeUrl(returnPath));
        } catch (again) {
          setPhase('idle');
          opts.onError(again);
        }
        return;
      }
      if (authorize !== undefined) {
        // No official account configured: a QR code still works inside WeChat (long-press to recognise it).
        try {
          created = await opts.create(method, 'NATIVE', returnPath);
        } catch (again) {
          setPhase('idle');
          opts.onError(again);
          return;
        }
      } else {
        setPhase('idle');
        opts.onError(err);
        return;
      }
    }
    setOrder(created);
    const result = await launchPayment(created, go);
    if (result === 'qr') setPhase('qr');
    else {
      setPhase('phone');
      // WeChat's sheet answered on this page: ask the server at once (its answer, not the sheet's, is what counts).
      if (result === 'paid' || result === 'cancelled' || result === 'failed') setNonce((n) => n + 1);
    }
  }

  return {
    env,
    phase,
    order,
    /** The order being waited for (also when only its id is known, after a return from a cashier). */
    orderId: shownId,
    start,
    /** Back from the official account's authorisation: show the first step again. */
    resumed,
    /** Back to choosing: the order stays payable until it expires, and the server still settles it if paid. */
    cancel() {
      setOrder(null);
      setPendingId(null);
      setPhase('idle');
    },
    /** Closing the dialog. */
    reset() {
      setOrder(null);
      setPendingId(null);
      setPhase('idle');
      setResumed(false);
    },
    /** "我已完成支付": ask now rather than at the next tick. */
    checkNow: () => setNonce((n) => n + 1),
    /** Opens the cashier again (H5/WAP/JSAPI) for the same order. */
    reopen() {
      if (order) void launchPayment(order, go);
    },
  };
}
