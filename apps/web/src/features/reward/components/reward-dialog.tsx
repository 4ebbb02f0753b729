import { DEFAULT_TRADE_TYPE } from '@lingxi/shared/rules';
import type { PaymentMethod, PaymentOrder } from '@lingxi/shared';
import { Modal } from 'antd';
import { useState } from 'react';
import { useFeedback } from '@/lib/feedback';
import { createPayment } from '../api/create-payment';
import { usePaymentMethods } from '../api/get-payment-methods';
import { usePaymentPoll } from '../hooks/use-payment-poll';
import { paymentErrorText } from '../lib/format';
import '../reward.css';
import { PaymentQrView } from './payment-qr-view';
import { RewardForm, type RewardFormValue } from './reward-form';

export interface RewardDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after the payment is confirmed (or, for a non-QR trade type, once the order exists). */
  onSuccess?: (order: PaymentOrder) => void;
}

/**
 * The reward ('support us') dialog, spec §2/§4: the form, then for a NATIVE order the QR view polled every 3 s
 * until paid; cancel goes back to the form. Opened from home '支持我们' and the chat's tip button.
 */
export function RewardDialog({ open, onClose, onSuccess }: RewardDialogProps) {
  const { message } = useFeedback();
  const methods = usePaymentMethods(open);
  const [chosen, setValue] = useState<RewardFormValue>({ amount: null, method: 'wechat' });
  // Always a method the server offers (the list may be WeChat only).
  const value: RewardFormValue =
    methods && !(chosen.method in methods) ? { ...chosen, method: Object.keys(methods)[0] as PaymentMethod } : chosen;
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [order, setOrder] = useState<PaymentOrder | null>(null);

  const close = () => {
    setOrder(null);
    setError(null);
    onClose();
  };

  usePaymentPoll(open ? (order?.order_id ?? null) : null, (status) => {
    if (status === 'paid' && order) {
      message.success('打赏成功，感谢您的支持');
      close();
      onSuccess?.(order);
      return;
    }
    message.warning(status === 'expired' ? '支付已超时，请重新发起打赏' : '支付已关闭，请重新发起打赏');
    setOrder(null);
  });

  const submit = async () => {
    if (value.amount === null) return;
    setSubmitting(true);
    try {
      const created = await createPayment({ amount: value.amount, payment_method: value.method, trade_type: DEFAULT_TRADE_TYPE });
      if (created.trade_type === DEFAULT_TRADE_TYPE) {
        setOrder(created);
      } else {
        message.success('支付订单已创建');
        close();
        onSuccess?.(created);
      }
    } catch (err) {
      message.error(paymentErrorText(err));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      title={order ? '扫码支付' : '支持我们'}
      open={open}
      onCancel={close}
      footer={null}
      width={440}
      centered
      destroyOnHidden
      mask={{ closable: !order }}
    >
      {order ? (
        <PaymentQrView order={order} onCancel={() => setOrder(null)} />
      ) : (
        <RewardForm
          value={value}
          onChange={setValue}
          methods={methods}
          error={error}
          onErrorChange={setError}
          submitting={submitting}
          onSubmit={() => void submit()}
        />
      )}
    </Modal>
  );
}
