import { BulbOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import '../memory.css';

const SEEN_KEY = 'lx-memory-notice-seen';

/**
 * The notice that memory is on by default (issue #16), shown above the chat until the user closes it once. Says
 * what is remembered, that wellbeing chats are not without a separate consent, and where to manage or switch it off.
 */
export function MemoryNotice({ to }: { to: string }) {
  const [seen, setSeen] = useState(() => {
    try {
      return localStorage.getItem(SEEN_KEY) === '1';
    } catch {
      return false;
    }
  });
  if (seen) return null;
  const close = () => {
    try {
      localStorage.setItem(SEEN_KEY, '1');
    } catch {
      /* storage disabled: the notice simply shows again next time */
    }
    setSeen(true);
  };
  return (
    <div className="memory-notice" role="note" data-testid="memory-notice">
      <BulbOutlined className="memory-notice-icon" />
      <span className="memory-notice-text">
        灵犀会记住你在对话中提到的称呼、目标和偏好，让回复更懂你（心理、情感类对话需你单独同意才会记住）。可在
        <Link to={to}>「我的 → 记忆」</Link>
        查看、修改或关闭。
      </span>
      <Button size="small" type="link" onClick={close}>
        知道了
      </Button>
    </div>
  );
}
