import { MSG, PRIVACY_POLICY_VERSION, SMS_CODE_LENGTH } from '@lingxi/shared/rules';
import { Flex, Form, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { phoneRules, smsCodeRules } from '@/lib/form-rules';
import { useLogin } from '../hooks/use-login';
import { LoginFormFooter } from './login-form-footer';
import { SendCodeButton } from './send-code-button';

interface CodeLoginFormProps {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}

interface Values {
  phone: string;
  code: string;
}

export function CodeLoginForm({ agreed, onAgreedChange }: CodeLoginFormProps) {
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const { login, submitting } = useLogin();

  return (
    <Form<Values>
      form={form}
      name="code-login"
      size="large"
      onFinish={(v) => agreed && login({ login_type: 'code', phone: v.phone, code: v.code })}
    >
      <Form.Item name="phone" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="tel" autoComplete="tel" allowClear />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Form.Item name="code" rules={smsCodeRules(MSG.codeInvalid)} noStyle>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="验证码"
              maxLength={SMS_CODE_LENGTH}
              inputMode="numeric"
              autoComplete="one-time-code"
            />
          </Form.Item>
          <SendCodeButton
            phone={phone}
            purpose="login"
            policyVersion={agreed ? PRIVACY_POLICY_VERSION : undefined}
            onInvalidPhone={(text) => form.setFields([{ name: 'phone', errors: [text] }])}
          />
        </Flex>
      </Form.Item>
      <LoginFormFooter agreed={agreed} onAgreedChange={onAgreedChange} submitting={submitting} />
    </Form>
  );
}
