import { DeleteOutlined, EditOutlined, MessageOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Empty, Popconfirm, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { groupSessions } from '../lib/session-groups';
import type { SessionItem } from '../types';
import { RenameSessionModal } from './rename-session-modal';

interface SessionListProps {
  sessions: SessionItem[];
  currentId: string | null;
  onNew: () => void;
  onSelect: (id: string) => void;
  onDelete: (id: string) => void;
  onRename: (id: string, name: string) => Promise<boolean>;
}

/**
 * The history (the drawer's tab on phones, the left sidebar on desktops): new chat, then every session by name in
 * groups 今天 / 7天内 / 更早, with select, rename and delete.
 */
export function SessionList({ sessions, currentId, onNew, onSelect, onDelete, onRename }: SessionListProps) {
  const [renaming, setRenaming] = useState<SessionItem | null>(null);
  return (
    <div className="chat-sessions">
      <Button type="primary" block icon={<PlusOutlined />} onClick={onNew} className="chat-new-button">
        新建对话
      </Button>
      {sessions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无历史记录" />
      ) : (
        groupSessions(sessions).map((group) => (
          <section key={group.label} className="chat-session-group" aria-label={group.label}>
            <div className="chat-session-group-label">{group.label}</div>
            <ul className="chat-session-list">
              {group.sessions.map((s) => {
                const label = s.session_name || s.session_id;
                const active = s.session_id === currentId;
                return (
                  <li key={s.session_id} className={`chat-session${active ? ' is-active' : ''}`}>
                    <button
                      type="button"
                      className="chat-session-select"
                      onClick={() => onSelect(s.session_id)}
                      aria-current={active ? 'true' : undefined}
                      title={label}
                    >
                      <MessageOutlined />
                      <span className="chat-session-name">{label}</span>
                      {s.deep_left !== null && s.deep_left !== undefined ? (
                        <Tag color="gold" className="chat-session-deep">
                          深度 {s.deep_left}
                        </Tag>
                      ) : null}
                    </button>
                    <Tooltip title="重命名">
                      <Button
                        size="small"
                        type="text"
                        icon={<EditOutlined />}
                        onClick={() => setRenaming(s)}
                        aria-label={`重命名 ${label}`}
                      />
                    </Tooltip>
                    <Popconfirm
                      title="确定删除这个对话吗？"
                      description={
                        s.deep_left ? `删除后无法恢复；剩余的 ${s.deep_left} 次深度回复可在“我的订单”中重新打开` : '删除后无法恢复'
                      }
                      okText="删除"
                      cancelText="取消"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => onDelete(s.session_id)}
                    >
                      <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={`删除 ${label}`} />
                    </Popconfirm>
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      <RenameSessionModal session={renaming} onClose={() => setRenaming(null)} onRename={onRename} />
    </div>
  );
}
