import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { SMS_CODE_LENGTH } from '@lingxi/shared/rules';
import type { SmsPurpose } from '@lingxi/shared';
import { TextField } from '@/components/controls/text-field';
import type { FieldBinding, FormFields } from '@/hooks/use-form-fields';
import { SendCodeButton } from './send-code-button';

export function PhoneField(props: FieldBinding) {
  return <TextField {...props} icon={<MobileOutlined />} placeholder="手机号" inputMode="tel" autoComplete="tel" allowClear />;
}

interface PhoneAndCodeFieldsProps<V extends Record<string, string> & { phone: string; code: string }> {
  form: FormFields<V>;
  purpose: SmsPurpose;
  /** Sent with the code request once consent is given (SendCodeButton). */
  policyVersion?: string;
}

/** The phone, the SMS code and its send button, as the code-login, register and bind-phone forms all ask for them. */
export function PhoneAndCodeFields<V extends Record<string, string> & { phone: string; code: string }>({
  form,
  purpose,
  policyVersion,
}: PhoneAndCodeFieldsProps<V>) {
  return (
    <>
      <PhoneField {...form.field('phone')} />
      <TextField
        {...form.field('code')}
        // Codes are digits: letters typed or pasted (a space, 验证码：) never reach the field.
        onChange={(value) => form.field('code').onChange(value.replace(/\D/g, ''))}
        icon={<SafetyOutlined />}
        placeholder="验证码"
        maxLength={SMS_CODE_LENGTH}
        inputMode="numeric"
        autoComplete="one-time-code"
        after={
          <SendCodeButton
            phone={form.values.phone}
            purpose={purpose}
            policyVersion={policyVersion}
            onInvalidPhone={(text) => form.setError('phone', text)}
          />
        }
      />
    </>
  );
}
