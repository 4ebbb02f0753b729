import { GiftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { RewardDialog, type RewardDialogProps } from './reward-dialog';

/** The chat's tip button (spec §2, §4 Tip dialog): a drop-in for features/chat's TipButton ({ disabled }). */
export function TipButton({ disabled, onSuccess }: { disabled?: boolean } & Pick<RewardDialogProps, 'onSuccess'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button shape="circle" icon={<GiftOutlined />} onClick={() => setOpen(true)} disabled={disabled} aria-label="打赏" />
      <RewardDialog open={open} onClose={() => setOpen(false)} onSuccess={onSuccess} />
    </>
  );
}
