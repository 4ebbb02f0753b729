import { Modal, Typography } from 'antd';
import { Link } from 'react-router';
import { config } from '@/config/env';
import { paths } from '@/config/paths';

interface PrivacySummaryModalProps {
  open: boolean;
  onClose: () => void;
}

/** The short statement shown before consent; the full policy lives on /privacy. */
export function PrivacySummaryModal({ open, onClose }: PrivacySummaryModalProps) {
  const name = config.productName;
  return (
    <Modal
      title="隐私政策"
      open={open}
      onCancel={onClose}
      onOk={onClose}
      okText="我知道了"
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph>欢迎使用{name}。我们非常重视您的个人信息保护，在您登录或注册前，请了解以下要点：</Typography.Paragraph>
      <ul className="privacy-summary-list">
        <li>我们收集手机号用于账号注册、登录和安全验证，验证码短信由阿里云短信服务发送。</li>
        <li>您与AI伙伴的对话内容、八字排盘所需的出生信息仅用于为您提供相应服务。</li>
        <li>对话内容会发送给我们配置的大模型服务商以生成回复；打赏由微信支付或支付宝处理。</li>
        <li>数据存储在中国境内，我们不会出售您的个人信息。</li>
        <li>您可以随时查阅、更正、删除个人信息或注销账号。不满14周岁的未成年人须在监护人同意下使用。</li>
      </ul>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        完整内容请阅读
        <Link to={paths.privacy} target="_blank" rel="noopener">
          《隐私政策》全文
        </Link>
        。
      </Typography.Paragraph>
    </Modal>
  );
}
