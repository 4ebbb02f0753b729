import { message, Modal } from 'antd';
import { useEffect, useRef } from 'react';
import type { FeedbackCall } from './feedback';

/** antd's message and modal holders, rendered inside the ConfigProvider so they carry the theme and zh_CN locale. */
export function FeedbackHost({ calls, onShown }: { calls: FeedbackCall[]; onShown: (upTo: number) => void }) {
  const [messageApi, messageHolder] = message.useMessage();
  const [modalApi, modalHolder] = Modal.useModal();
  // Ids only grow; this remembers how far calls have been shown, so a re-run before the queue is trimmed repeats none.
  const shown = useRef(0);

  useEffect(() => {
    for (const call of calls) {
      if (call.id <= shown.current) continue;
      shown.current = call.id;
      if (call.kind === 'message') void messageApi[call.level](call.content);
      else modalApi.warning(call.dialog);
    }
    if (calls.length) onShown(shown.current);
  }, [calls, messageApi, modalApi, onShown]);

  return (
    <>
      {messageHolder}
      {modalHolder}
    </>
  );
}
