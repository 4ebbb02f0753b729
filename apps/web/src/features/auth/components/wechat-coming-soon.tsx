import { Flex, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';

interface WechatComingSoonProps {
  text: string;
}

/** Stands in the WeChat tab until the QR flow ships; WechatQrPanel is the piece that will replace it. */
export function WechatComingSoon({ text }: WechatComingSoonProps) {
  return (
    <Flex vertical align="center" justify="center" gap={12} className="wechat-qr-panel">
      <WechatOutlined style={{ fontSize: 48, color: '#07c160' }} />
      <Typography.Text>{text}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 13 }}>
        目前请使用手机号登录或注册
      </Typography.Text>
    </Flex>
  );
}
