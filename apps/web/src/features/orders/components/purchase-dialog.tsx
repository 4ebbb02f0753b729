import { CheckCircleFilled } from '@ant-design/icons';
import { NO_REFUND_TEXT } from '@lingxi/shared/rules';
import type { DeepOffer, OrderDetail, PaymentMethod } from '@lingxi/shared';
import { Button, Checkbox, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { LeaveConfirm, MethodPicker, PaymentQrView, PhonePayView } from '@/components/payment';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { unavailableReason, usePaymentFlow } from '@/lib/payment';
import { createOrder } from '../api/create-order';
import { getOrder } from '../api/get-order';
import { fenText } from '../lib/format';
import '../orders.css';

const METHODS: Record<PaymentMethod, string> = { wechat: '微信支付', alipay: '支付宝' };
const APP_NAME: Record<string, string> = { wechat: '微信', alipay: '支付宝' };

export interface PurchaseDialogProps {
  open: boolean;
  type: string;
  personaTitle: string;
  offer: DeepOffer | null;
  onClose: () => void;
  /** The order is paid: its deep session is open (session_id) with its replies. */
  onPaid: (order: OrderDetail) => void;
}

/**
 * Buying a deep service (issue 14): the confirmation step (price, what is included, "付费服务即时生效，不支持退款" to
 * tick), then the same payment as tips on whatever device the payer is on, polled every 3 s. The price shown is the
 * offer's; the server prices the order itself.
 */
export function PurchaseDialog({ open, type, personaTitle, offer, onClose, onPaid }: PurchaseDialogProps) {
  const { message } = useFeedback();
  const [consent, setConsent] = useState(false);
  const [chosen, setChosen] = useState<PaymentMethod>('wechat');
  const [leaving, setLeaving] = useState(false);

  const flow = usePaymentFlow({
    kind: 'deep',
    create: (method, trade_type, return_path) => createOrder({ service_type: type, payment_method: method, trade_type, return_path }),
    fetchStatus: (id, signal) => getOrder(id, signal),
    onSettled: (status, order) => {
      if (status === 'paid') {
        close();
        onPaid(order);
        return;
      }
      message.warning(status === 'expired' ? '支付已超时，请重新购买' : '支付已关闭，请重新购买');
    },
    onError: (err) => message.error(errorMessage(err, '创建订单失败，请稍后重试')),
  });
  const pending = flow.phase === 'qr' || flow.phase === 'phone';
  const shown = open || pending || flow.resumed;
  const usable = (m: PaymentMethod) => !unavailableReason(m, flow.env);
  const method: PaymentMethod = usable(chosen) ? chosen : 'wechat';

  function close() {
    flow.reset();
    setLeaving(false);
    setConsent(false);
    onClose();
  }

  return (
    <Modal
      title={flow.phase === 'qr' ? '扫码支付' : flow.phase === 'phone' ? '确认支付结果' : `购买深度服务 · ${personaTitle}`}
      open={shown}
      onCancel={() => (pending ? setLeaving(true) : close())}
      footer={null}
      width={460}
      centered
      destroyOnHidden
    >
      {flow.phase === 'qr' && flow.order ? (
        <PaymentQrView order={flow.order} onCancel={flow.cancel} note={NO_REFUND_TEXT} insideWechat={flow.env === 'wechat'} />
      ) : flow.phase === 'phone' ? (
        <PhonePayView
          amountFen={flow.order?.amount_fen ?? null}
          methodName={flow.order ? (APP_NAME[flow.order.payment_method] ?? null) : null}
          onCheck={flow.checkNow}
          onReopen={flow.order ? flow.reopen : undefined}
          onCancel={flow.cancel}
        />
      ) : offer ? (
        <Flex vertical gap={14} className="purchase-confirm">
          <div className="purchase-head">
            <Typography.Text strong className="purchase-title">
              {offer.title}
            </Typography.Text>
            <Typography.Text className="purchase-price" data-testid="purchase-price">
              {fenText(offer.price_fen)}
            </Typography.Text>
          </div>
          <Typography.Text type="secondary">含 {offer.replies} 次深度回复，支付成功后立即开启一个新的深度会话。</Typography.Text>
          <ul className="purchase-includes" aria-label="服务内容">
            {offer.includes.map((line) => (
              <li key={line}>
                <CheckCircleFilled className="purchase-tick" />
                {line}
              </li>
            ))}
          </ul>
          <div>
            <Typography.Text strong>支付方式</Typography.Text>
            <MethodPicker methods={METHODS} value={method} onChange={setChosen} unavailable={(m) => unavailableReason(m, flow.env)} />
          </div>
          <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} className="purchase-consent">
            我已了解：<Typography.Text strong>{NO_REFUND_TEXT}</Typography.Text>
          </Checkbox>
          <Button
            type="primary"
            size="large"
            block
            disabled={!consent}
            loading={flow.phase === 'creating'}
            onClick={() => void flow.start(method)}
          >
            确认支付 {fenText(offer.price_fen)}
          </Button>
          <Typography.Text type="secondary" className="purchase-note">
            深度回复在一次回复完整生成后才计次；生成失败、超时或主动停止不计次。基础陪伴对话始终免费。
          </Typography.Text>
        </Flex>
      ) : (
        <Typography.Paragraph>该服务暂未提供深度服务，基础陪伴对话仍然免费。</Typography.Paragraph>
      )}
      <LeaveConfirm open={leaving} onStay={() => setLeaving(false)} onLeave={close} />
    </Modal>
  );
}
