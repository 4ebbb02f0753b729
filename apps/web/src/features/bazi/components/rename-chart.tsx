import { BAZI_NAME_MAX } from '@lingxi/shared/rules';
import { Input, Modal } from 'antd';
import { useState } from 'react';

interface RenameChartProps {
  open: boolean;
  name: string | null;
  busy: boolean;
  onClose: () => void;
  /** null clears the name. */
  onSave: (name: string | null) => void;
}

/** Names a saved chart ('我', '妈妈'): shown in 我的命盘, on the page and on the share card. */
export function RenameChart({ open, name, busy, onClose, onSave }: RenameChartProps) {
  const [value, setValue] = useState(name ?? '');
  return (
    <Modal
      open={open}
      title="命盘名称"
      okText="保存"
      cancelText="取消"
      confirmLoading={busy}
      onCancel={onClose}
      onOk={() => onSave(value.trim() || null)}
      destroyOnHidden
      afterOpenChange={(visible) => visible && setValue(name ?? '')}
    >
      <Input
        value={value}
        onChange={(e) => setValue(e.target.value)}
        maxLength={BAZI_NAME_MAX}
        placeholder="如：我、妈妈"
        aria-label="命盘名称"
        allowClear
        onPressEnter={() => onSave(value.trim() || null)}
      />
    </Modal>
  );
}
