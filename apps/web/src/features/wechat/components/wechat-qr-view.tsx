import { Button, Flex, Spin, Typography } from 'antd';
import { CheckCircleFilled, ExclamationCircleOutlined, ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import type { QrPhase } from '../hooks/use-wechat-qr';
import { WECHAT_TEXT, type QrSource } from '../wechat-texts';
import { WxLoginEmbed } from './wx-login-embed';

interface WechatQrViewProps {
  phase: QrPhase;
  qr: QrSource | null;
  errorText?: string;
  errorDetail?: string;
  scannedText: string;
  hint: string;
  onRefresh: () => void;
  /** Shown on a phone, which cannot scan its own screen: how to use the QR anyway (issue 19). */
  onPhone?: boolean;
}

/**
 * The QR area in every state (spec §2 login): 生成中, waiting with the QR, scanned, expired with 刷新, error with 重试.
 * Without a provider script (sandbox) the QR encodes the qrconnect page, and a link opens it in another tab.
 */
export function WechatQrView({ phase, qr, errorText, errorDetail, scannedText, hint, onRefresh, onPhone }: WechatQrViewProps) {
  return (
    <Flex
      vertical
      align="center"
      justify="center"
      gap={10}
      className="wechat-qr-view"
      data-phase={phase}
      aria-live="polite"
      style={{ minHeight: 280, textAlign: 'center' }}
    >
      {phase === 'generating' || phase === 'idle' ? <Spin description={WECHAT_TEXT.generating} /> : null}
      {phase === 'waiting' && qr ? (
        qr.loginJsUrl ? (
          <WxLoginEmbed qr={qr} src={qr.loginJsUrl} />
        ) : (
          <>
            <img src={qr.qrImage} alt="微信扫码二维码" width={180} height={180} className="wechat-qr-image" />
            <Typography.Text>
              <WechatOutlined style={{ color: '#07c160', marginRight: 6 }} aria-hidden />
              {hint}
            </Typography.Text>
            <Typography.Link href={qr.qrCodeUrl} target="_blank" rel="noopener" className="wechat-qr-link">
              无法扫码？在新标签页打开确认页
            </Typography.Link>
          </>
        )
      ) : null}
      {phase === 'waiting' && qr && onPhone ? (
        <Typography.Text type="secondary" className="wechat-qr-phone-hint" style={{ maxWidth: 300, marginBottom: 8 }}>
          手机无法扫描自己屏幕上的二维码：请长按二维码选择“识别图中二维码”，或截图保存后在微信“扫一扫”中从相册选取
        </Typography.Text>
      ) : null}
      {phase === 'scanned' ? (
        <>
          <CheckCircleFilled style={{ fontSize: 44, color: 'var(--lx-color-primary)' }} aria-hidden />
          <Typography.Text strong>{scannedText}</Typography.Text>
        </>
      ) : null}
      {phase === 'expired' ? (
        <>
          <ExclamationCircleOutlined style={{ fontSize: 40, color: '#faad14' }} aria-hidden />
          <Typography.Text strong>二维码已过期</Typography.Text>
          <Typography.Text type="secondary">{errorText ?? WECHAT_TEXT.expired}</Typography.Text>
          <Button type="primary" icon={<ReloadOutlined aria-hidden />} onClick={onRefresh}>
            刷新
          </Button>
        </>
      ) : null}
      {phase === 'error' ? (
        <>
          <ExclamationCircleOutlined style={{ fontSize: 40, color: '#ff4d4f' }} aria-hidden />
          <Typography.Text strong>{errorText}</Typography.Text>
          {errorDetail ? <Typography.Text type="secondary">{errorDetail}</Typography.Text> : null}
          <Button onClick={onRefresh}>重试</Button>
        </>
      ) : null}
    </Flex>
  );
}
