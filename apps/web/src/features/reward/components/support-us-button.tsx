import { HeartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { RewardDialog, type RewardDialogProps } from './reward-dialog';

/** Home '支持我们' (spec §2): a drop-in for features/home's placeholder, same name, no required props. */
export function SupportUsButton({ onSuccess }: Pick<RewardDialogProps, 'onSuccess'>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<HeartOutlined />} onClick={() => setOpen(true)}>
        支持我们
      </Button>
      <RewardDialog open={open} onClose={() => setOpen(false)} onSuccess={onSuccess} />
    </>
  );
}
