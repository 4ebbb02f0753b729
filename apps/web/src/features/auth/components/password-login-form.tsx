import { MSG } from '@lingxi/shared/rules';
import { Form, Input } from 'antd';
import { LockOutlined, MobileOutlined } from '@ant-design/icons';
import { phoneRules } from '@/lib/form-rules';
import { useLogin } from '../hooks/use-login';
import { LoginFormFooter } from './login-form-footer';

interface PasswordLoginFormProps {
  agreed: boolean;
  onAgreedChange: (agreed: boolean) => void;
}

interface Values {
  phone: string;
  password: string;
}

export function PasswordLoginForm({ agreed, onAgreedChange }: PasswordLoginFormProps) {
  const { login, submitting } = useLogin();

  return (
    <Form<Values>
      name="password-login"
      size="large"
      onFinish={(v) => agreed && login({ login_type: 'phone', phone: v.phone, password: v.password })}
    >
      <Form.Item name="phone" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="tel" autoComplete="tel" allowClear />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: MSG.passwordRequired }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码" autoComplete="current-password" />
      </Form.Item>
      <LoginFormFooter agreed={agreed} onAgreedChange={onAgreedChange} submitting={submitting} />
    </Form>
  );
}
