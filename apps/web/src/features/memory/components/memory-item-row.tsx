import type { MemoryItem } from '@lingxi/shared';
import { MEMORY_ITEM_MAX } from '@lingxi/shared/rules';
import { Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { CATEGORY_TEXT, SOURCE_TEXT } from '../labels';

interface Props {
  item: MemoryItem;
  busy: boolean;
  onSave: (id: string, content: string) => Promise<boolean>;
  onDelete: (id: string) => void;
}

/** One memory: its text (editable in place), where it came from, and 编辑 / 删除. */
export function MemoryItemRow({ item, busy, onSave, onDelete }: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const save = async () => {
    if (draft !== null && (await onSave(item.id, draft))) setDraft(null);
  };
  return (
    <div className="memory-item" data-testid="memory-item">
      {draft === null ? (
        <Typography.Text className="memory-item-text">{item.content}</Typography.Text>
      ) : (
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={MEMORY_ITEM_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          aria-label="修改记忆"
          autoFocus
        />
      )}
      <div className="memory-item-meta">
        <Space size={4} wrap>
          <Tag color="green" variant="outlined">
            {CATEGORY_TEXT[item.category] ?? '综合'}
          </Tag>
          <Typography.Text type="secondary" className="memory-item-time">
            {SOURCE_TEXT[item.source] ?? ''} · {new Date(item.created_at).toLocaleDateString('zh-CN')}
          </Typography.Text>
        </Space>
        <Space size={4}>
          {draft === null ? (
            <>
              <Button size="small" type="link" onClick={() => setDraft(item.content)}>
                编辑
              </Button>
              <Popconfirm title="删除这条记忆？" okText="删除" cancelText="取消" onConfirm={() => onDelete(item.id)}>
                <Button size="small" type="link" danger>
                  删除
                </Button>
              </Popconfirm>
            </>
          ) : (
            <>
              <Button size="small" type="primary" loading={busy} onClick={() => void save()} disabled={!draft.trim()}>
                保存
              </Button>
              <Button size="small" onClick={() => setDraft(null)}>
                取消
              </Button>
            </>
          )}
        </Space>
      </div>
    </div>
  );
}
