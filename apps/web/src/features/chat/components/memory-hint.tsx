import { BulbOutlined } from '@ant-design/icons';
import { Tag, Tooltip } from 'antd';

/** Under a reply: it used the user's long-term memory, and/or this turn's 记住… was kept (issue #16). */
export function MemoryHint({ used, remembered }: { used: boolean; remembered: string | null }) {
  return (
    <>
      {used && (
        <Tooltip title="这条回复参考了你的长期记忆，可在「我的 → 记忆」查看或关闭">
          <Tag className="chat-memory-hint" icon={<BulbOutlined />} color="green" variant="outlined" data-testid="memory-used">
            参考了你的记忆
          </Tag>
        </Tooltip>
      )}
      {remembered && (
        <Tag className="chat-memory-hint" color="green" variant="outlined" data-testid="memory-saved">
          已记住：{remembered}
        </Tag>
      )}
    </>
  );
}
