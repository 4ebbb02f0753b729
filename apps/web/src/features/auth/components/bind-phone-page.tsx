import { SMS_CODE_LENGTH, normalizePhone } from '@lingxi/shared/rules';
import { Button, Flex, Form, Input } from 'antd';
import { MobileOutlined, SafetyOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { FullPageSpinner } from '@/components/full-page-spinner';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { phoneRules } from '@/lib/form-rules';
import { bindPhone } from '../api/bind-phone';
import { useAuthStore } from '../stores/auth-store';
import { AuthCard } from './auth-card';
import { SendCodeButton } from './send-code-button';

interface Values {
  phone: string;
  code?: string;
}

/** Where a WeChat-only account adds a phone; it usually arrives as /bind-phone?token=… from the WeChat callback. */
export function BindPhonePage() {
  useDocumentTitle('绑定手机号');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { isInitialized, user, token: storedToken, setSession, refreshUser } = useAuthStore();
  const [form] = Form.useForm<Values>();
  const phone = Form.useWatch('phone', form);
  const [submitting, setSubmitting] = useState(false);

  if (!isInitialized) return <FullPageSpinner text="正在加载..." />;
  if (user?.phone) return <Navigate to={paths.home} replace />;

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      const token = params.get('token') || storedToken;
      const res = await bindPhone({ phone: normalizePhone(v.phone), password: '', code: v.code ?? '', token });
      message.success('手机号绑定成功');
      if (res.token) setSession(res.token, res.data.user_info);
      await refreshUser();
      navigate(paths.home, { replace: true });
    } catch (error) {
      message.error(errorMessage(error, '绑定失败，请重试'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard
      title="绑定手机号"
      subtitle="绑定手机号，享受更完善的服务"
      footer={<span className="text-secondary">绑定后可使用手机号登录</span>}
    >
      <Form<Values> form={form} name="bind-phone" size="large" onFinish={onFinish}>
        <Form.Item name="phone" rules={phoneRules}>
          <Input prefix={<MobileOutlined />} placeholder="手机号" inputMode="tel" autoComplete="tel" allowClear />
        </Form.Item>
        <Form.Item>
          <Flex gap={8}>
            {/* Spec §5: optional in the form; the server answers '请输入验证码' if it is missing. */}
            <Form.Item name="code" noStyle>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={SMS_CODE_LENGTH} inputMode="numeric" autoComplete="one-time-code" />
            </Form.Item>
            <SendCodeButton
              phone={phone}
              purpose="bind"
              onInvalidPhone={(text) => form.setFields([{ name: 'phone', errors: [text] }])}
            />
          </Flex>
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submitting}>
          确认绑定
        </Button>
      </Form>
    </AuthCard>
  );
}
