import { LeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';

interface ChatHeaderProps {
  title: string;
  productName: string;
  onBack: () => void;
  /** Actions at the header's end (无痕对话, issue #16). */
  extra?: ReactNode;
}

/** The chat's own slim header (the layout hides the app header here): back, 'service title · product', AI notice. */
export function ChatHeader({ title, productName, onBack, extra }: ChatHeaderProps) {
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
      {extra && <div className="chat-header-extra">{extra}</div>}
    </header>
  );
}
