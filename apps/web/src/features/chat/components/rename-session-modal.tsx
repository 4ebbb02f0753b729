import { SESSION_NAME_MAX } from '@lingxi/shared/rules';
import { Input, Modal } from 'antd';
import { useState } from 'react';
import type { SessionItem } from '../types';

interface RenameSessionModalProps {
  session: SessionItem | null;
  onClose: () => void;
  onRename: (id: string, name: string) => Promise<boolean>;
}

export function RenameSessionModal({ session, onClose, onRename }: RenameSessionModalProps) {
  const [name, setName] = useState(session?.session_name ?? '');
  const [saving, setSaving] = useState(false);
  // A session opened for renaming starts from its current name (adjusted during render, not after it).
  const [shown, setShown] = useState(session);
  if (session !== shown) {
    setShown(session);
    setName(session?.session_name ?? '');
  }
  const trimmed = name.trim();
  const save = async () => {
    if (!session || !trimmed) return;
    setSaving(true);
    const ok = await onRename(session.session_id, trimmed);
    setSaving(false);
    if (ok) onClose();
  };
  return (
    <Modal
      title="重命名对话"
      open={!!session}
      onCancel={onClose}
      onOk={() => void save()}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ disabled: !trimmed }}
      destroyOnHidden
    >
      <Input
        value={name}
        onChange={(e) => setName(e.target.value)}
        maxLength={SESSION_NAME_MAX}
        showCount
        placeholder="请输入会话名称"
        onPressEnter={() => void save()}
        aria-label="会话名称"
        autoFocus
      />
    </Modal>
  );
}
