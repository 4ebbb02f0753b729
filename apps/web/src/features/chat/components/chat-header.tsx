import { LeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';

interface ChatHeaderProps {
  title: string;
  productName: string;
  onBack: () => void;
}

/** The chat's own slim header (the layout hides the app header here): back, 'service title · product', AI notice. */
export function ChatHeader({ title, productName, onBack }: ChatHeaderProps) {
  return (
    <header className="chat-header">
      <Button type="text" icon={<LeftOutlined />} onClick={onBack} aria-label="返回首页" />
      <div className="chat-header-text">
        <Typography.Title level={1} className="chat-title">
          {title}
          <span className="chat-title-product"> · {productName}</span>
        </Typography.Title>
        <span className="chat-ai-notice">你正在与AI对话，回复内容由AI生成，仅供参考</span>
      </div>
    </header>
  );
}
