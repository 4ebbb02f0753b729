import { Button, Flex, Spin, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleOutlined, ReloadOutlined } from '@ant-design/icons';

/** Spec §2 login: the QR area moves generating → waiting → scanned | expired | error. */
export type WechatQrStatus = 'generating' | 'waiting' | 'scanned' | 'expired' | 'error';

interface WechatQrPanelProps {
  status: WechatQrStatus;
  qrCodeUrl?: string;
  errorText?: string;
  onRefresh?: () => void;
  onRetry?: () => void;
}

/**
 * Presentation of the WeChat QR area only; the WeChat issue adds the hook that creates the code and polls its
 * status (spec §4: every 2 s, 60 s timeout) and drives `status`.
 */
export function WechatQrPanel({ status, qrCodeUrl, errorText, onRefresh, onRetry }: WechatQrPanelProps) {
  return (
    <Flex vertical align="center" justify="center" gap={12} className="wechat-qr-panel">
      {status === 'generating' ? <Spin description="正在生成二维码..." /> : null}
      {status === 'waiting' ? (
        <>
          {qrCodeUrl ? <img src={qrCodeUrl} alt="微信登录二维码" width={200} height={200} /> : null}
          <Typography.Text type="secondary">请使用微信扫一扫登录</Typography.Text>
        </>
      ) : null}
      {status === 'scanned' ? (
        <>
          <CheckCircleFilled style={{ fontSize: 40, color: 'var(--ant-color-success, #16a34a)' }} />
          <Typography.Text>扫码成功，正在登录...</Typography.Text>
        </>
      ) : null}
      {status === 'expired' ? (
        <>
          <Typography.Text type="secondary">二维码已过期，请重新生成</Typography.Text>
          <Button icon={<ReloadOutlined />} onClick={onRefresh}>
            刷新二维码
          </Button>
        </>
      ) : null}
      {status === 'error' ? (
        <>
          <ExclamationCircleOutlined style={{ fontSize: 32, color: '#faad14' }} />
          <Typography.Text type="secondary">{errorText ?? '生成二维码失败'}</Typography.Text>
          <Button onClick={onRetry}>重试</Button>
        </>
      ) : null}
    </Flex>
  );
}
