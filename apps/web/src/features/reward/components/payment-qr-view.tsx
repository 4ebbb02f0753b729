import { PAYMENT_METHODS } from '@lingxi/shared/rules';
import type { PaymentOrder } from '@lingxi/shared';
import { Button, Flex, Spin, Typography } from 'antd';
import { formatYuan } from '../lib/format';

interface PaymentQrViewProps {
  order: PaymentOrder;
  onCancel: () => void;
}

const APP_NAME: Record<string, string> = { wechat: '微信', alipay: '支付宝' };

/**
 * Spec §4 Payment, the QR view. The image is rendered by our server (qr_image), so no third-party QR service sees the
 * payment link. A web link (Alipay's https code, the sandbox page) is also offered for a payer already on the phone.
 */
export function PaymentQrView({ order, onCancel }: PaymentQrViewProps) {
  const app = APP_NAME[order.payment_method] ?? '';
  const openable = /^https?:\/\//.test(order.qr_code);
  const until = new Date(order.expires_at).toLocaleTimeString('zh-CN', { hour: '2-digit', minute: '2-digit', hour12: false });
  return (
    <Flex vertical align="center" gap={12} className="reward-qr-view">
      <Typography.Text>
        请使用<Typography.Text strong>{app}</Typography.Text>扫一扫完成支付
      </Typography.Text>
      <Typography.Text className="reward-qr-amount">{formatYuan(order.amount)}</Typography.Text>
      <img
        className="reward-qr-image"
        src={order.qr_image}
        alt={`${PAYMENT_METHODS[order.payment_method]}支付二维码`}
        width={220}
        height={220}
      />
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text type="secondary" data-testid="payment-waiting">
          等待支付结果…
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary" className="reward-qr-hint">
        二维码 {until} 前有效 · 打赏为自愿行为，支付成功后不予退款
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
