import { MSG, SMS_RESEND_SECONDS, isValidPhone, normalizePhone } from '@lingxi/shared/rules';
import type { SmsPurpose } from '@lingxi/shared';
import { useState } from 'react';
import { Button } from '@/components/controls/button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { sendSmsCode } from '../api/send-sms-code';
import { useCountdown } from '../hooks/use-countdown';

interface SendCodeButtonProps {
  phone: string | undefined;
  purpose: SmsPurpose;
  /** Sent only once consent is given, so the server can record which policy was accepted. */
  policyVersion?: string;
  /** Lets the form mark its phone field; without it the error is a toast. */
  onInvalidPhone?: (message: string) => void;
  disabled?: boolean;
}

const COOLDOWN_TEXT = /请(\d+)秒后再试/;

export function SendCodeButton({ phone, purpose, policyVersion, onInvalidPhone, disabled }: SendCodeButtonProps) {
  const { message } = useFeedback();
  const [sending, setSending] = useState(false);
  const countdown = useCountdown();

  const send = async () => {
    if (!phone?.trim() || !isValidPhone(phone)) {
      const text = phone?.trim() ? MSG.phoneInvalid : MSG.phoneRequired;
      if (onInvalidPhone) onInvalidPhone(text);
      else message.error(text);
      return;
    }
    setSending(true);
    try {
      const data = await sendSmsCode({ phone: normalizePhone(phone), type: purpose, policy_version: policyVersion });
      message.success('验证码已发送');
      countdown.start(data?.cooldown_seconds || SMS_RESEND_SECONDS);
    } catch (error) {
      const text = errorMessage(error, '发送验证码失败');
      message.error(text);
      // The server is already counting down for this phone (429 '请42秒后再试'); mirror it instead of letting taps fail.
      const wait = error instanceof ApiError && error.status === 429 ? COOLDOWN_TEXT.exec(text) : null;
      if (wait) countdown.start(Number(wait[1]));
    } finally {
      setSending(false);
    }
  };

  return (
    <Button size="large" onClick={send} loading={sending} disabled={disabled || sending || countdown.running} className="send-code-button">
      {countdown.running ? `${countdown.seconds}秒后重发` : '获取验证码'}
    </Button>
  );
}
