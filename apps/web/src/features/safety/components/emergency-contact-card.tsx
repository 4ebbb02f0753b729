import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Input, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { safetyApi } from '../api/safety-api';
import { safetyQueries } from '../api/safety-queries';
import '../safety.css';

const PHONE = /^1[3-9]\d{9}$/;

/** 紧急联系人: when the chat detects a crisis, the user may choose to text this person (only after confirming). */
export function EmergencyContactCard() {
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const status = useQuery(safetyQueries.status()).data;
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!status) return <Card title="紧急联系人" loading />;
  const contact = status.emergency_contact;

  const act = async (fn: () => ReturnType<typeof safetyApi.removeEmergencyContact>, ok: string) => {
    setBusy(true);
    setError(null);
    try {
      queryClient.setQueryData(['safety', 'status'], await fn());
      message.success(ok);
      setName('');
      setPhone('');
    } catch (err) {
      setError(errorMessage(err, '保存失败，请稍后重试'));
    } finally {
      setBusy(false);
    }
  };
  const save = () => {
    if (!name.trim()) return setError('请输入联系人称呼');
    if (!PHONE.test(phone)) return setError('请输入正确的手机号');
    void act(() => safetyApi.setEmergencyContact({ name: name.trim(), phone }), '紧急联系人已保存');
  };

  return (
    <Card title="紧急联系人" data-testid="emergency-contact-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">
          当对话中出现需要帮助的情况时，你可以选择一键短信通知这位联系人。只有在你确认后才会发送。
        </Typography.Text>
        {contact && (
          <Flex justify="space-between" align="center" wrap gap={8}>
            <Typography.Text strong>
              {contact.name} {contact.phone}
            </Typography.Text>
            <Popconfirm
              title="删除紧急联系人？"
              okText="删除"
              cancelText="取消"
              onConfirm={() => void act(safetyApi.removeEmergencyContact, '紧急联系人已删除')}
            >
              <Button size="small" danger>
                删除
              </Button>
            </Popconfirm>
          </Flex>
        )}
        <Flex gap={8} wrap>
          <Input
            className="contact-name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={20}
            placeholder="称呼，如：妈妈"
            aria-label="联系人称呼"
          />
          <Input
            className="contact-phone"
            value={phone}
            onChange={(e) => setPhone(e.target.value.trim())}
            maxLength={11}
            placeholder="手机号"
            aria-label="联系人手机号"
          />
          <Button onClick={save} loading={busy}>
            {contact ? '更换' : '保存'}
          </Button>
        </Flex>
        {error && <Alert type="error" showIcon title={error} />}
      </Flex>
    </Card>
  );
}
