import type { PaymentOrder } from '@lingxi/shared';
import { Button, Flex, Spin, Typography } from 'antd';
import './payment.css';

interface PaymentQrViewProps {
  order: PaymentOrder;
  onCancel: () => void;
  /** The terms under the code (tips: voluntary; paid services: take effect at once, no refund). */
  note: string;
  /** Inside WeChat's browser a code on screen is paid by long-pressing it. */
  insideWechat?: boolean;
}

const APP_NAME: Record<string, string> = { wechat: '微信', alipay: '支付宝' };
const METHOD_NAME: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

/**
 * Spec §4 Payment, the QR view. The image is rendered by our server (qr_image), so no third-party QR service sees the
 * payment link. A web link (Alipay's https code, the sandbox page) is also offered for a payer already on the phone.
 */
export function PaymentQrView({ order, onCancel, note, insideWechat = false }: PaymentQrViewProps) {
  const app = APP_NAME[order.payment_method] ?? '';
  const openable = /^https?:\/\//.test(order.qr_code);
  const until = new Date(order.expires_at).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return (
    <Flex vertical align="center" gap={12} className="payment-qr-view">
      <Typography.Text>
        {insideWechat ? (
          '长按下方二维码，选择“识别图中二维码”完成支付'
        ) : (
          <>
            请使用<Typography.Text strong>{app}</Typography.Text>扫一扫完成支付
          </>
        )}
      </Typography.Text>
      <Typography.Text className="payment-amount">¥{(order.amount_fen / 100).toFixed(2)}</Typography.Text>
      {order.qr_image ? (
        <img
          className="payment-qr-image"
          src={order.qr_image}
          alt={`${METHOD_NAME[order.payment_method] ?? ''}支付二维码`}
          width={220}
          height={220}
        />
      ) : null}
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text type="secondary" data-testid="payment-waiting">
          等待支付结果…
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" className="payment-hint">
        二维码 {until} 前有效 · {note}
      </Typography.Text>
      {openable ? (
        <Typography.Link href={order.qr_code} target="_blank" rel="noopener noreferrer" data-testid="payment-link">
          无法扫码？打开支付页面
        </Typography.Link>
      ) : null}
      <Button block onClick={onCancel}>
        取消支付
      </Button>
    </Flex>
  );
}
