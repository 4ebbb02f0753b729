import { FlagOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { ReportDialog } from './report-dialog';

/** The 举报 button under an AI reply (the chat composes it in through app/routes/chat). */
export function ReportAction({ sessionId, order }: { sessionId: string; order: number }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title="举报">
        <Button size="small" type="text" icon={<FlagOutlined />} onClick={() => setOpen(true)} aria-label="举报" />
      </Tooltip>
      {open && <ReportDialog open={open} sessionId={sessionId} order={order} onClose={() => setOpen(false)} />}
    </>
  );
}
