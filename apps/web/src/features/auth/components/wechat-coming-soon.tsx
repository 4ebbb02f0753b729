import { WechatOutlined } from '@ant-design/icons';

interface WechatComingSoonProps {
  text: string;
}

/**
 * Stands in the WeChat tab when app/ composes no QR flow (component tests, a build without WeChat). Plain markup: it
 * sits in the sign-in page's chunk, which should not carry antd's Typography for two lines of text.
 */
export function WechatComingSoon({ text }: WechatComingSoonProps) {
  return (
    <div className="wechat-qr-panel wechat-coming-soon">
      <WechatOutlined style={{ fontSize: 48, color: '#07c160' }} />
      <span>{text}</span>
      <span className="text-secondary" style={{ fontSize: 13 }}>
        目前请使用手机号登录或注册
      </span>
    </div>
  );
}
