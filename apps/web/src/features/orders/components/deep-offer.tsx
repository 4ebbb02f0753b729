import { ThunderboltOutlined } from '@ant-design/icons';
import type { OrderDetail } from '@lingxi/shared';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { returnedFromAuthorization, returnedOrder } from '@/lib/payment';
import { offerQuery } from '../api/get-offer';
import { fenText } from '../lib/format';
import '../orders.css';

// The purchase (its form, the payment views) loads when it is opened, not with every chat page.
const PurchaseDialog = lazy(() => import('./purchase-dialog').then((m) => ({ default: m.PurchaseDialog })));

export interface DeepOfferProps {
  /** The persona (service type key) of the chat page. */
  type: string;
  /** The order is paid and its deep session is open: the chat switches to it. */
  onPaid: (sessionId: string, order: OrderDetail) => void;
  /** "再次购买" once a deep session's replies are used up. */
  again?: boolean;
}

/**
 * The deep service on the chat page of its persona (issue 14): its price and reply count, the purchase dialog, and a
 * payer coming back from a phone cashier. Nothing when the persona sells none. The chat feature places it; the app
 * passes it in (features do not import each other).
 */
export function DeepOffer({ type, onPaid, again = false }: DeepOfferProps) {
  const offer = useQuery(offerQuery(type)).data;
  // A payer back from a phone cashier finds the dialog open, confirming (the dialog reads the address).
  const [open, setOpen] = useState(() => returnedOrder('deep') !== null || returnedFromAuthorization('deep'));
  const deep = offer?.deep ?? null;
  const paid = (order: OrderDetail) => order.session_id && onPaid(order.session_id, order);
  if (!deep && !open) return null;
  return (
    <>
      {deep ? (
        <div className="deep-offer" data-testid="deep-offer">
          <span className="deep-offer-text">
            <ThunderboltOutlined className="deep-offer-icon" />
            {again ? '再来一次深度服务' : `深度服务 ${fenText(deep.price_fen)}`}
            <span className="deep-offer-sub"> · {deep.replies} 次深度回复</span>
          </span>
          <Button size="small" type="primary" onClick={() => setOpen(true)}>
            {again ? '再次购买' : '了解并购买'}
          </Button>
        </div>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <PurchaseDialog open type={type} personaTitle={offer?.title ?? ''} offer={deep} onClose={() => setOpen(false)} onPaid={paid} />
        </Suspense>
      ) : null}
    </>
  );
}
