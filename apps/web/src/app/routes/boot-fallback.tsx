import { config } from '@/config/env';

/**
 * What the router shows while the first page's chunk is still on its way: the app shell of index.html, same markup
 * and classes (styled there), so the hand-over from HTML to React changes nothing on screen. Without it the router
 * renders nothing in that gap and the phone shows a blank page after the shell.
 */
export function BootFallback() {
  return (
    <div className="boot">
      <div className="boot-header">
        <img src="/favicon.svg" alt="" width="28" height="28" />
        {config.productName}
      </div>
      <div className="boot-main" role="status" aria-live="polite">
        <div className="boot-spin" />
        正在加载…
      </div>
    </div>
  );
}
