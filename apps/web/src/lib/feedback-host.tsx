import { message, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import type { FeedbackCall } from './feedback';

/** antd's message and modal holders, rendered inside the ConfigProvider so they carry the theme and zh_CN locale. */
export function FeedbackHost({ calls }: { calls: FeedbackCall[] }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  // Calls only ever get appended; this remembers how far they have been shown (and keeps a re-run from repeating one).
  const shown = useRef(0);

  useEffect(() => {
    for (const call of calls) {
      if (call.id <= shown.current) continue;
      shown.current = call.id;
      if (call.kind === 'message') void messageApi[call.level](call.content);
      else modalApi.warning(call.dialog);
    }
  }, [calls, messageApi, modalApi]);

  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
