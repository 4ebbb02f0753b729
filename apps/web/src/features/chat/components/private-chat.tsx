import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';

/** The header's entry to 无痕对话. */
export function PrivateChatButton({ active, disabled, onStart }: { active: boolean; disabled?: boolean; onStart: () => void }) {
  if (active) return null;
  return (
    <Tooltip title="无痕对话：不进入历史记录、不形成记忆，结束后删除">
      <Button type="text" icon={<EyeInvisibleOutlined />} onClick={onStart} disabled={disabled} aria-label="开启无痕对话">
        无痕
      </Button>
    </Tooltip>
  );
}

/** Shown above a private chat's messages: what it keeps (nothing), and the way out. */
export function PrivateChatBanner({ onEnd }: { onEnd: () => void }) {
  return (
    <div className="chat-private-banner" data-testid="private-banner" role="status">
      <span>
        <EyeInvisibleOutlined /> 无痕对话中：不会出现在历史记录和搜索中，也不会形成记忆；结束或离开后立即删除。
      </span>
      <Button size="small" onClick={onEnd}>
        结束无痕对话
      </Button>
    </div>
  );
}
