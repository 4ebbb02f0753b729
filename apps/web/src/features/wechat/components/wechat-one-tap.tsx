import { Button, Flex, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { startOaAuthorization } from '../api/start-oa-authorization';

interface WechatOneTapProps {
  intent: 'login' | 'bind';
  /** The same-site path WeChat's authorization comes back to (with `wechat_oa=<state>`). */
  returnTo: string;
  label: string;
  /** A failure of the previous attempt, shown above the button. */
  notice?: string | null;
  /** The site has no official account (404 OA_UNAVAILABLE): the caller shows the QR instead. */
  onUnavailable: () => void;
}

/** Inside WeChat (issue 19): one tap goes through the official account's web authorization, no QR to scan. */
export function WechatOneTap({ intent, returnTo, label, notice, onUnavailable }: WechatOneTapProps) {
  const { message } = useFeedback();
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      window.location.assign(await startOaAuthorization(intent, returnTo));
    } catch (error) {
      setStarting(false);
      if (error instanceof ApiError && error.status === 404) onUnavailable();
      else message.error(errorMessage(error, '发起微信授权失败，请重试'));
    }
  };

  return (
    <Flex vertical align="center" justify="center" gap={12} className="wechat-one-tap" style={{ minHeight: 220, textAlign: 'center' }}>
      <WechatOutlined style={{ fontSize: 48, color: '#07c160' }} aria-hidden />
      {notice ? <Typography.Text type="danger">{notice}</Typography.Text> : null}
      <Typography.Text type="secondary">你正在微信中浏览，无需扫码，授权后即可{intent === 'login' ? '登录' : '绑定'}</Typography.Text>
      <Button type="primary" size="large" icon={<WechatOutlined aria-hidden />} loading={starting} onClick={() => void start()}>
        {label}
      </Button>
    </Flex>
  );
}
