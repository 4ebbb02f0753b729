import { AlipayCircleFilled, WechatFilled } from '@ant-design/icons';
import type { PaymentMethod } from '@lingxi/shared';
import { Flex, Radio, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import './payment.css';

const METHOD_ICON: Record<string, ReactNode> = {
  wechat: <WechatFilled style={{ color: '#07c160', fontSize: 20 }} />,
  alipay: <AlipayCircleFilled style={{ color: '#1677ff', fontSize: 20 }} />,
};

interface MethodPickerProps {
  /** null while the list loads. */
  methods: Record<string, string> | null;
  value: PaymentMethod;
  onChange: (m: PaymentMethod) => void;
  /** Why a method cannot be used on this device (null: it can). */
  unavailable: (m: PaymentMethod) => string | null;
}

/** The payment methods the server offers, with the ones this device cannot use greyed out and explained. */
export function MethodPicker({ methods, value, onChange, unavailable }: MethodPickerProps) {
  if (!methods) return <Skeleton.Button active block style={{ marginTop: 8 }} />;
  const reason = unavailable(value);
  const hints = Object.keys(methods)
    .map((m) => unavailable(m as PaymentMethod))
    .filter((r): r is string => Boolean(r));
  return (
    <>
      <Radio.Group className="payment-methods" value={value} onChange={(e) => onChange(e.target.value)}>
        {Object.entries(methods).map(([key, label]) => (
          <Radio.Button key={key} value={key} className="payment-method" disabled={Boolean(unavailable(key as PaymentMethod))}>
            <Flex align="center" gap={8}>
              {METHOD_ICON[key]}
              {label}
            </Flex>
          </Radio.Button>
        ))}
      </Radio.Group>
      {reason || hints.length ? (
        <Typography.Text type="secondary" className="payment-method-hint">
          {reason ?? hints[0]}
        </Typography.Text>
      ) : null}
    </>
  );
}
