import { ArrowDownOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useEffect, useState, type RefObject } from 'react';

/** How far above the end the reader must be before the button shows. */
const AWAY_PX = 240;

/** 回到底部 (issue #16): a floating button while the reader has scrolled up from the newest message. */
export function ScrollToEnd({ scroller, onClick }: { scroller: RefObject<HTMLElement | null>; onClick: () => void }) {
  const [away, setAway] = useState(false);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const check = () => setAway(el.scrollHeight - el.scrollTop - el.clientHeight > AWAY_PX);
    el.addEventListener('scroll', check, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(check);
    observer?.observe(el);
    return () => {
      el.removeEventListener('scroll', check);
      observer?.disconnect();
    };
  }, [scroller]);
  if (!away) return null;
  return (
    <Button className="chat-scroll-end" shape="round" icon={<ArrowDownOutlined />} onClick={onClick} aria-label="回到底部">
      回到底部
    </Button>
  );
}
