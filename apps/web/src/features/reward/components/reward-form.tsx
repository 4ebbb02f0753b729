import { REWARD_QUICK_AMOUNTS } from '@lingxi/shared/rules';
import type { PaymentMethod } from '@lingxi/shared';
import { Button, Flex, InputNumber, Typography } from 'antd';
import { MethodPicker } from '@/components/payment';
import { useFeedback } from '@/lib/feedback';
import { amountError, clampAmount, formatYuan } from '../lib/format';

export interface RewardFormValue {
  amount: number | null;
  method: PaymentMethod;
}

interface RewardFormProps {
  value: RewardFormValue;
  onChange: (v: RewardFormValue) => void;
  /** null while the list loads. */
  methods: Record<string, string> | null;
  error: string | null;
  onErrorChange: (e: string | null) => void;
  submitting: boolean;
  onSubmit: () => void;
  /** Why a method cannot be used on this device (WeChat's browser opens no Alipay page). */
  unavailable: (m: PaymentMethod) => string | null;
}

/** Spec §2 Reward dialog, the form: quick amounts, a custom amount (2 decimals, capped at 100), the method, the terms. */
export function RewardForm({ value, onChange, methods, error, onErrorChange, submitting, onSubmit, unavailable }: RewardFormProps) {
  const { message } = useFeedback();

  const setAmount = (raw: number | null) => {
    const { value: amount, clamped } = clampAmount(raw);
    if (clamped) message.warning('单笔打赏金额上限为100元');
    onErrorChange(null);
    onChange({ ...value, amount });
  };

  const submit = () => {
    const problem = amountError(value.amount);
    if (problem) {
      onErrorChange(problem);
      return;
    }
    onSubmit();
  };

  return (
    <Flex vertical gap={16} className="reward-form">
      <Typography.Text type="secondary">您的支持将用于平台的日常运营与维护，感谢有您。</Typography.Text>
      <div>
        <Typography.Text strong>打赏金额</Typography.Text>
        <div className="reward-quick-amounts" role="group" aria-label="快捷金额">
          {REWARD_QUICK_AMOUNTS.map((a) => (
            <Button
              key={a}
              type={value.amount === a ? 'primary' : 'default'}
              onClick={() => setAmount(a)}
              aria-pressed={value.amount === a}
            >
              ¥{a}
            </Button>
          ))}
        </div>
        <InputNumber<number>
          className="reward-amount-input"
          aria-label="打赏金额"
          placeholder="自定义金额"
          prefix="¥"
          suffix="元"
          min={0}
          precision={2}
          step={1}
          value={value.amount}
          onChange={setAmount}
          status={error ? 'error' : undefined}
          onPressEnter={submit}
        />
        {error ? (
          <Typography.Text type="danger" className="reward-amount-error" role="alert">
            {error}
          </Typography.Text>
        ) : null}
        <Typography.Text type="secondary" className="reward-range">
          打赏金额范围 0.01 - 100 元
        </Typography.Text>
      </div>
      <div>
        <Typography.Text strong>支付方式</Typography.Text>
        <MethodPicker
          methods={methods}
          value={value.method}
          onChange={(method) => onChange({ ...value, method })}
          unavailable={unavailable}
        />
      </div>
      <Typography.Text type="secondary" className="reward-terms">
        打赏为自愿行为，支付成功后不予退款
      </Typography.Text>
      <Button
        type="primary"
        size="large"
        block
        loading={submitting}
        disabled={!methods || Boolean(unavailable(value.method))}
        onClick={submit}
      >
        {value.amount && !amountError(value.amount) ? `立即支付 ${formatYuan(value.amount)}` : '立即支付'}
      </Button>
    </Flex>
  );
}
