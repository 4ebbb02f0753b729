import { MSG, NAME_MIN, PASSWORD_MIN, PHONE_LENGTH, PRIVACY_POLICY_VERSION, SMS_CODE_LENGTH, normalizePhone } from '@lingxi/shared/rules';
import { Button, Flex, Form, Input } from 'antd';
import { LockOutlined, MobileOutlined, SafetyOutlined, TeamOutlined, UserOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { optionalPhoneRules, phoneRules, smsCodeRules } from '@/lib/form-rules';
import { register } from '../api/register';
import { useAuthStore } from '../stores/auth-store';
import { hasAcceptedPrivacy, rememberPrivacyAccepted } from '../stores/privacy-consent';
import { PrivacyAgreement } from './privacy-agreement';
import { SendCodeButton } from './send-code-button';

interface Values {
  name: string;
  phone: string;
  code: string;
  password: string;
  confirmPassword: string;
  referrer?: string;
}

interface RegisterFormProps {
  /** From ?referrer= in an invitation link; used only when the field is left empty. */
  referrerFromLink?: string;
}

export function RegisterForm({ referrerFromLink }: RegisterFormProps) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const setSession = useAuthStore((s) => s.setSession);
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const [agreed, setAgreed] = useState(hasAcceptedPrivacy);
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: Values) => {
    if (!agreed) return;
    setSubmitting(true);
    try {
      const referrer = v.referrer?.trim() || referrerFromLink || undefined;
      const res = await register({
        name: v.name.trim(),
        phone: normalizePhone(v.phone),
        code: v.code,
        password: v.password,
        confirmPassword: v.confirmPassword,
        referrer_id: referrer ? normalizePhone(referrer) : undefined,
        policy_version: PRIVACY_POLICY_VERSION,
      });
      setSession(res.token, res.user_info);
      rememberPrivacyAccepted();
      message.success('注册成功');
      navigate(paths.home, { replace: true });
    } catch (error) {
      message.error(errorMessage(error, '注册失败，请重试'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Form<Values> form={form} name="register" size="large" onFinish={onFinish} initialValues={{ referrer: referrerFromLink }}>
      <Form.Item name="name" rules={[{ required: true, whitespace: true, message: MSG.nameRequired }, { min: NAME_MIN, message: MSG.nameMin }]}>
        <Input prefix={<UserOutlined />} placeholder="用户名" autoComplete="nickname" maxLength={32} />
      </Form.Item>
      <Form.Item name="phone" rules={phoneRules}>
        <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="tel" autoComplete="tel" allowClear />
      </Form.Item>
      <Form.Item>
        <Flex gap={8}>
          <Form.Item name="code" rules={smsCodeRules(MSG.codeSixDigits)} noStyle>
            <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
          </Form.Item>
          <SendCodeButton
            phone={phone}
            purpose="register"
            policyVersion={agreed ? PRIVACY_POLICY_VERSION : undefined}
            onInvalidPhone={(text) => form.setFields([{ name: 'phone', errors: [text] }])}
          />
        </Flex>
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: MSG.passwordRequired }, { min: PASSWORD_MIN, message: MSG.passwordMin }]}>
        <Input.Password prefix={<LockOutlined />} placeholder="密码（至少6位）" autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        dependencies={['password']}
        rules={[
          { required: true, message: MSG.confirmRequired },
          ({ getFieldValue }) => ({
            validator: (_, value) =>
              !value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(MSG.confirmMismatch)),
          }),
        ]}
      >
        <Input.Password prefix={<LockOutlined />} placeholder="确认密码" autoComplete="new-password" />
      </Form.Item>
      <Form.Item name="referrer" rules={optionalPhoneRules(MSG.referrerInvalid)}>
        <Input prefix={<TeamOutlined />} placeholder="推荐人手机号（选填）" maxLength={PHONE_LENGTH} inputMode="tel" allowClear />
      </Form.Item>
      <Form.Item>
        <PrivacyAgreement checked={agreed} onChange={setAgreed} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submitting} disabled={!agreed}>
        注册
      </Button>
    </Form>
  );
}
