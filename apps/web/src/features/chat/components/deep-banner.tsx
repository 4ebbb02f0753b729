import { FileTextOutlined, ThunderboltFilled } from '@ant-design/icons';
import type { DeepSessionInfo } from '@lingxi/shared';
import { Button, Progress } from 'antd';
import type { ReactNode } from 'react';

interface DeepBannerProps {
  deep: DeepSessionInfo;
  onSummary: () => void;
  summarizing: boolean;
  /** Shown once the deep replies are used up: buy again (the orders feature's offer, placed by the app). */
  again: ReactNode;
}

/** The strip of a deep session (深度服务): what was bought, the deep replies left, and the 深度总结. */
export function DeepBanner({ deep, onSummary, summarizing, again }: DeepBannerProps) {
  const used = deep.replies_left === 0;
  return (
    <div className={`deep-banner${used ? ' is-used' : ''}`} data-testid="deep-banner">
      <div className="deep-banner-main">
        <ThunderboltFilled className="deep-banner-icon" />
        <span className="deep-banner-title">{deep.title}</span>
        <span className="deep-banner-count" data-testid="deep-remaining">
          {used ? '深度回复已用完' : `剩余 ${deep.replies_left}/${deep.replies_total} 次深度回复`}
        </span>
        <Progress
          className="deep-banner-progress"
          percent={Math.round((deep.replies_left / Math.max(1, deep.replies_total)) * 100)}
          showInfo={false}
          size="small"
          strokeColor="#d48806"
        />
        <Button size="small" icon={<FileTextOutlined />} onClick={onSummary} loading={summarizing}>
          深度总结
        </Button>
      </div>
      {used ? again : null}
    </div>
  );
}
