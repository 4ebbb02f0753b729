import type { ChatSearchHit } from '@lingxi/shared';
import { SEARCH_QUERY_MAX } from '@lingxi/shared/rules';
import { useQuery } from '@tanstack/react-query';
import { Empty, Input, List, Spin, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { chatQueries } from '../api/chat-queries';
import { searchChats } from '../api/search-chats';

interface Props {
  /** Opens the hit's session scrolled to its message. */
  onOpen: (hit: ChatSearchHit) => void;
  /** Shown while there is no query (the history list). */
  children?: ReactNode;
}

/** The snippet with each match marked. */
function Highlighted({ hit }: { hit: ChatSearchHit }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of hit.highlights) {
    if (start > at) parts.push(hit.snippet.slice(at, start));
    parts.push(<mark key={start}>{hit.snippet.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(hit.snippet.slice(at));
  return <span className="chat-search-snippet">{parts}</span>;
}

/** The persona a hit belongs to, by its title (cached per persona). */
function PersonaTag({ type }: { type: string }) {
  const title = useQuery(chatQueries.persona(type)).data?.title;
  return title ? <span className="chat-search-hit-persona">{title}</span> : null;
}

/** 搜索对话 (issue #16): a search box over all of the user's chats, every persona; the history list while empty. */
export function HistorySearch({ onOpen, children }: Props) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  // Ask once typing pauses, not at every keystroke.
  useEffect(() => {
    const t = setTimeout(() => setQ(text.trim()), 300);
    return () => clearTimeout(t);
  }, [text]);
  const search = useQuery({
    queryKey: ['chat', 'search', q],
    queryFn: ({ signal }) => searchChats(q, signal),
    enabled: q.length > 0,
    staleTime: 10_000,
  });
  return (
    <div className="chat-search">
      <Input.Search
        allowClear
        placeholder="搜索全部对话（多个词用空格分隔）"
        aria-label="搜索对话"
        maxLength={SEARCH_QUERY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onSearch={(v) => setQ(v.trim())}
      />
      {!q ? (
        children
      ) : search.isLoading ? (
        <div className="chat-search-state">
          <Spin size="small" />
        </div>
      ) : search.isError ? (
        <Typography.Text type="danger" className="chat-search-state">
          {errorMessage(search.error, '搜索失败，请稍后重试')}
        </Typography.Text>
      ) : !search.data?.length ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有找到相关消息" />
      ) : (
        <List
          className="chat-search-hits"
          size="small"
          dataSource={search.data}
          renderItem={(hit) => (
            <List.Item key={`${hit.session_id}:${hit.order}`} className="chat-search-hit" data-testid="search-hit">
              <button type="button" className="chat-search-hit-button" onClick={() => onOpen(hit)}>
                <span className="chat-search-hit-head">
                  <Typography.Text strong ellipsis>
                    <PersonaTag type={hit.service_type} />
                    {hit.session_name || '未命名对话'}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="chat-search-hit-time">
                    {new Date(hit.timestamp).toLocaleDateString('zh-CN')}
                  </Typography.Text>
                </span>
                <span>
                  <Typography.Text type="secondary">{hit.role === 'user' ? '我：' : 'AI：'}</Typography.Text>
                  <Highlighted hit={hit} />
                </span>
              </button>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
