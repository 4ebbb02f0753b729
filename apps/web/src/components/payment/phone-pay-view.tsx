import { Button, Flex, Spin, Typography } from 'antd';
import './payment.css';

interface PhonePayViewProps {
  /** What is being paid, when known (after a return from a cashier only the order id is). */
  amountFen: number | null;
  methodName: string | null;
  onCheck: () => void;
  /** Opens the cashier again for the same order (absent after a return: start over instead). */
  onReopen?: () => void;
  onCancel: () => void;
}

/**
 * A payment made on this phone: the provider's cashier (or WeChat's pay sheet) took over, and the result comes from
 * the server, asked every 3 s. As WeChat Pay asks merchants to, the payer can say they have paid, or try again.
 */
export function PhonePayView({ amountFen, methodName, onCheck, onReopen, onCancel }: PhonePayViewProps) {
  return (
    <Flex vertical align="center" gap={12} className="payment-phone-view" data-testid="phone-pay-view">
      {amountFen !== null ? <Typography.Text className="payment-amount">¥{(amountFen / 100).toFixed(2)}</Typography.Text> : null}
      <Flex align="center" gap={8}>
        <Spin size="small" />
        <Typography.Text data-testid="payment-waiting">正在确认支付结果…</Typography.Text>
      </Flex>
      <Typography.Text type="secondary" className="payment-hint">
        {methodName ? `请在${methodName}中完成支付，` : ''}支付完成后会自动返回并生效；如已付款，请点“我已完成支付”。
      </Typography.Text>
      <Button type="primary" block onClick={onCheck}>
        我已完成支付
      </Button>
      {onReopen ? (
        <Button block onClick={onReopen}>
          重新打开支付页面
        </Button>
      ) : null}
      <Button block type="text" onClick={onCancel}>
        遇到问题，返回重新选择
      </Button>
    </Flex>
  );
}
