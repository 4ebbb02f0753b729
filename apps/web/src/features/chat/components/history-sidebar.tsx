import type { ComponentProps } from 'react';
import { SessionList } from './session-list';

/** Desktop (≥ 1024 px): the history as a permanent left column beside the conversation (issue #16). */
export function HistorySidebar(props: ComponentProps<typeof SessionList>) {
  return (
    <aside className="chat-sidebar" aria-label="历史记录">
      <div className="chat-sidebar-title">历史记录</div>
      <SessionList {...props} />
    </aside>
  );
}
