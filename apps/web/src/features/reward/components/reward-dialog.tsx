import type { PaymentMethod, PaymentStatusData } from '@lingxi/shared';
import { Modal } from 'antd';
import { useState } from 'react';
import { LeaveConfirm, PaymentQrView, PhonePayView } from '@/components/payment';
import { useFeedback } from '@/lib/feedback';
import { unavailableReason, usePaymentFlow } from '@/lib/payment';
import { createPayment } from '../api/create-payment';
import { usePaymentMethods } from '../api/get-payment-methods';
import { getPaymentStatus } from '../api/get-payment-status';
import { paymentErrorText } from '../lib/format';
import '../reward.css';
import { RewardForm, type RewardFormValue } from './reward-form';

export interface RewardDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called with the order id after the payment is confirmed. */
  onSuccess?: (orderId: string) => void;
}

const METHOD_NAME: Record<string, string> = { wechat: '微信', alipay: '支付宝' };

/**
 * The reward ('support us') dialog, spec §2/§4: the form, then the payment on whatever device the payer is on — the
 * QR view on a computer, the provider's cashier on a phone (H5, Alipay WAP), WeChat's pay sheet inside WeChat — polled
 * every 3 s until paid; cancel goes back to the form. A payer back from a phone cashier finds it open, confirming.
 */
export function RewardDialog({ open, onClose, onSuccess }: RewardDialogProps) {
  const { message } = useFeedback();
  const [chosen, setValue] = useState<RewardFormValue>({ amount: null, method: 'wechat' });
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);

  const flow = usePaymentFlow({
    kind: 'tip',
    create: (method, trade_type, return_path) => {
      if (chosen.amount === null) throw new Error('no amount');
      return createPayment({ amount: chosen.amount, payment_method: method, trade_type, return_path });
    },
    fetchStatus: (id, signal): Promise<PaymentStatusData> => getPaymentStatus(id, signal),
    onSettled: (status, answer) => {
      if (status === 'paid') {
        message.success('打赏成功，感谢您的支持');
        close();
        onSuccess?.(answer.order_id);
        return;
      }
      message.warning(status === 'expired' ? '支付已超时，请重新发起打赏' : '支付已关闭，请重新发起打赏');
    },
    onError: (err) => message.error(paymentErrorText(err)),
  });
  const shown = open || flow.phase === 'qr' || flow.phase === 'phone' || flow.resumed;
  const methods = usePaymentMethods(shown);
  // Always a method the server offers (the list may be WeChat only) and this device can use.
  const usable = (m: string) => !unavailableReason(m as PaymentMethod, flow.env);
  const value: RewardFormValue =
    methods && !(chosen.method in methods && usable(chosen.method))
      ? { ...chosen, method: (Object.keys(methods).find(usable) ?? Object.keys(methods)[0]) as PaymentMethod }
      : chosen;
  const pending = flow.phase === 'qr' || flow.phase === 'phone';

  function close() {
    flow.reset();
    setError(null);
    setLeaving(false);
    onClose();
  }

  return (
    <Modal
      title={flow.phase === 'qr' ? '扫码支付' : flow.phase === 'phone' ? '确认支付结果' : '支持我们'}
      open={shown}
      onCancel={() => (pending ? setLeaving(true) : close())}
      footer={null}
      width={440}
      centered
      destroyOnHidden
    >
      {flow.phase === 'qr' && flow.order ? (
        <PaymentQrView
          order={flow.order}
          onCancel={flow.cancel}
          note="打赏为自愿行为，支付成功后不予退款"
          insideWechat={flow.env === 'wechat'}
        />
      ) : flow.phase === 'phone' ? (
        <PhonePayView
          amountFen={flow.order?.amount_fen ?? null}
          methodName={flow.order ? (METHOD_NAME[flow.order.payment_method] ?? null) : null}
          onCheck={flow.checkNow}
          onReopen={flow.order ? flow.reopen : undefined}
          onCancel={flow.cancel}
        />
      ) : (
        <RewardForm
          value={value}
          onChange={setValue}
          methods={methods}
          error={error}
          onErrorChange={setError}
          submitting={flow.phase === 'creating'}
          onSubmit={() => void flow.start(value.method)}
          unavailable={(m) => unavailableReason(m, flow.env)}
        />
      )}
      <LeaveConfirm open={leaving} onStay={() => setLeaving(false)} onLeave={close} />
    </Modal>
  );
}
