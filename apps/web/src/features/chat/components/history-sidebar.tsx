import type { ComponentProps, ReactNode } from 'react';
import { SessionList } from './session-list';

type Props = ComponentProps<typeof SessionList> & {
  /** Wraps the list with the search box, as in the drawer: results replace the list while there is a query. */
  search?: (list: ReactNode) => ReactNode;
};

/** Desktop (≥ 1024 px): the history as a permanent left column beside the conversation (issue #16). */
export function HistorySidebar({ search, ...props }: Props) {
  const list = <SessionList {...props} />;
  return (
    <aside className="chat-sidebar" aria-label="历史记录">
      <div className="chat-sidebar-title">历史记录</div>
      {search ? search(list) : list}
    </aside>
  );
}
