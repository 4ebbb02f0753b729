import { SMS_CODE_LENGTH, SMS_CODE_PATTERN, SMS_RESEND_SECONDS, maskPhone } from '@lingxi/shared/rules';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { deleteAccount, sendDeleteCode } from '../api/delete-account';

interface DeleteAccountModalProps {
  open: boolean;
  phone: string;
  onClose: () => void;
  onDeleted: () => void;
}

const CONSEQUENCES = [
  '账号资料、聊天记录、八字排盘、微信绑定、推荐关系和隐私同意记录将被永久删除，无法恢复；',
  '所有设备上的登录会立即失效；',
  '打赏（支付）记录依法保留，但会去除您的用户标识和手机号；',
  '之后可以用该手机号重新注册，但不会恢复任何数据。',
];

/** Account deletion, confirmed with an SMS code sent to the account's phone; it says plainly what will happen. */
export function DeleteAccountModal({ open, phone, onClose, onDeleted }: DeleteAccountModalProps) {
  const { message } = useFeedback();
  const [code, setCode] = useState('');
  const [sending, setSending] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const t = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(t);
  }, [wait]);

  const send = async () => {
    setSending(true);
    try {
      const d = await sendDeleteCode(phone);
      message.success('验证码已发送');
      setWait(d?.cooldown_seconds || SMS_RESEND_SECONDS);
    } catch (error) {
      message.error(errorMessage(error, '发送验证码失败'));
    } finally {
      setSending(false);
    }
  };

  const confirm = async () => {
    setDeleting(true);
    try {
      await deleteAccount(code);
      message.success('账号已注销，您的个人信息已删除');
      onDeleted();
    } catch (error) {
      message.error(errorMessage(error, '注销失败，请重试'));
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Modal title="注销账号" open={open} onCancel={onClose} footer={null} destroyOnHidden width={440}>
      <Flex vertical gap={12}>
        <Alert
          type="warning"
          showIcon
          title="注销后："
          description={
            <ul style={{ paddingLeft: 18, margin: 0 }}>
              {CONSEQUENCES.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
          }
        />
        <Typography.Text>验证码将发送至 {maskPhone(phone)}</Typography.Text>
        <Flex gap={8}>
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            maxLength={SMS_CODE_LENGTH}
            inputMode="numeric"
            placeholder="短信验证码"
            aria-label="注销验证码"
            autoComplete="one-time-code"
          />
          <Button onClick={send} loading={sending} disabled={wait > 0}>
            {wait > 0 ? `${wait}秒后重发` : '获取验证码'}
          </Button>
        </Flex>
        <Flex gap={8} justify="flex-end">
          <Button onClick={onClose}>取消</Button>
          <Button danger type="primary" onClick={confirm} loading={deleting} disabled={!SMS_CODE_PATTERN.test(code)}>
            确认注销
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
}
