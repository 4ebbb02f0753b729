import { CONTACT_MESSAGE_MAX, MSG, normalizePhone } from '@lingxi/shared/rules';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import { useState } from 'react';
import { useFeedback } from '@/lib/feedback';
import { phoneRules } from '@/lib/form-rules';
import { submitContact } from '../api/submit-contact';

interface Values {
  name: string;
  phone: string;
  email?: string;
  subject: string;
  message: string;
}

export function ContactForm() {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [submitting, setSubmitting] = useState(false);

  const onFinish = async (v: Values) => {
    setSubmitting(true);
    try {
      await submitContact({
        name: v.name.trim(),
        phone: normalizePhone(v.phone),
        email: v.email?.trim() || undefined,
        subject: v.subject.trim(),
        message: v.message.trim(),
      });
      message.success('您的留言已提交，我们会尽快回复');
      form.resetFields();
    } catch {
      // Spec §8: one wording for every failure, and the typed message stays so nothing has to be retyped.
      message.error('提交失败，请稍后再试');
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Card title="在线留言">
      <Form<Values> form={form} name="contact" layout="vertical" onFinish={onFinish}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="name" label="姓名" rules={[{ required: true, whitespace: true, message: MSG.contactName }]}>
              <Input placeholder="您的姓名" maxLength={50} autoComplete="name" />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="phone" label="手机号" rules={phoneRules} required>
              <Input placeholder="便于我们联系您" inputMode="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="email" label="邮箱（选填）" rules={[{ type: 'email', message: MSG.emailInvalid }]}>
          <Input placeholder="example@mail.com" inputMode="email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="subject" label="主题" rules={[{ required: true, whitespace: true, message: MSG.contactSubject }]}>
          <Input placeholder="简要描述您的问题" maxLength={100} />
        </Form.Item>
        <Form.Item name="message" label="留言内容" rules={[{ required: true, whitespace: true, message: MSG.contactMessage }]}>
          <Input.TextArea rows={5} showCount maxLength={CONTACT_MESSAGE_MAX} placeholder="请详细描述您遇到的问题或建议" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submitting} block className="contact-submit">
          提交留言
        </Button>
      </Form>
    </Card>
  );
}
