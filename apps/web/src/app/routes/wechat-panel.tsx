import { lazy, Suspense, type ComponentProps } from 'react';
import { FullPageSpinner } from '@/components/full-page-spinner';

// The QR flow (polling, provider script, QR views) is for the few who open the WeChat tab; it loads on that click.
const WechatLoginPanel = lazy(() =>
  import('@/features/wechat/components/wechat-login-panel').then((m) => ({ default: m.WechatLoginPanel })),
);

/** The WeChat tab of /login and /register, loaded when the tab is first shown. */
export function LazyWechatLoginPanel(props: ComponentProps<typeof WechatLoginPanel>) {
  return (
    <Suspense
      fallback={
        <div className="wechat-tab-loading">
          <FullPageSpinner />
        </div>
      }
    >
      <WechatLoginPanel {...props} />
    </Suspense>
  );
}
