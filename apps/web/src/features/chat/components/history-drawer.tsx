import { Drawer, Tabs } from 'antd';
import type { ReactNode } from 'react';
import type { SessionItem } from '../types';
import { FeaturesTab } from './features-tab';
import { SessionList } from './session-list';

interface HistoryDrawerProps {
  open: boolean;
  isMobile: boolean;
  onClose: () => void;
  sessions: SessionItem[];
  currentId: string | null;
  onNew: () => void;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  onRename: (id: string, name: string) => Promise<boolean>;
  /** Wraps the history list with the search box (issue #16): search results replace the list while there is a query. */
  search?: (list: ReactNode) => ReactNode;
}

/** Spec §2: a left drawer, 280 px on mobile and 320 px otherwise, with the 历史记录 and 功能 tabs. */
export function HistoryDrawer({ open, isMobile, onClose, search, ...list }: HistoryDrawerProps) {
  const history = <SessionList {...list} />;
  return (
    <Drawer
      placement="left"
      size={isMobile ? 280 : 320}
      open={open}
      onClose={onClose}
      title="菜单"
      className="chat-drawer"
      styles={{ body: { paddingTop: 8 } }}
    >
      <Tabs
        defaultActiveKey="history"
        items={[
          { key: 'history', label: '历史记录', children: search ? search(history) : history },
          { key: 'features', label: '功能', children: <FeaturesTab /> },
        ]}
      />
    </Drawer>
  );
}
