import { Modal } from 'antd';
import { errorMessage } from '@/lib/api-client';
import { BindParamsMissing, startWechatBind } from '../api/start-wechat-bind';
import { useWechatQr } from '../hooks/use-wechat-qr';
import { WECHAT_TEXT } from '../wechat-texts';
import { inMobileBrowser, inWechatBrowser } from '../lib/oa-return';
import { WechatQrView } from './wechat-qr-view';

interface WechatBindModalProps {
  open: boolean;
  onClose: () => void;
  /** The identity is attached (seen by polling); the card refetches the user. */
  onBound: () => void;
}

/** Spec §2 profile: a 400-wide modal with the embedded QR area of 260 × 320, started by wechat-bind-start. */
export function WechatBindModal({ open, onClose, onBound }: WechatBindModalProps) {
  const { phase, qr, errorText, errorDetail, refresh } = useWechatQr({
    enabled: open,
    create: async () => {
      const d = await startWechatBind();
      return {
        qrId: d.state,
        qrCodeUrl: d.qr_code_url,
        qrImage: d.qr_image,
        loginJsUrl: d.login_js_url,
        appid: d.appid,
        scope: d.scope,
        redirectUri: d.redirect_uri,
      };
    },
    onScanned: () => onBound(),
    createFailedText: (error) =>
      error instanceof BindParamsMissing ? WECHAT_TEXT.bindParamsMissing : errorMessage(error, WECHAT_TEXT.bindStartFailed),
    scanFailedText: WECHAT_TEXT.bindStartFailed,
  });

  return (
    <Modal title="绑定微信" open={open} onCancel={onClose} footer={null} width={400} destroyOnHidden centered>
      <div
        className="wechat-bind-area"
        style={{ width: 260, minHeight: 320, margin: '0 auto', display: 'flex', alignItems: 'center', justifyContent: 'center' }}
      >
        <WechatQrView
          phase={phase}
          qr={qr}
          errorText={errorText}
          errorDetail={errorDetail}
          scannedText={WECHAT_TEXT.scannedBind}
          hint="请使用微信扫码完成绑定"
          onRefresh={refresh}
          onPhone={inWechatBrowser() || inMobileBrowser()}
        />
      </div>
    </Modal>
  );
}
