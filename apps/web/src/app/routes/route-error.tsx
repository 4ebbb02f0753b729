import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { Button } from '@/components/controls/button';
import { isPageLoadError } from '@/lib/page-load';
import { StatusPage } from './status-page';

// A chunk loaded by a page itself (React.lazy inside it) fails with the browser's own words.
const CHUNK_FAILED =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading chunk/i;

function isOffline(error: unknown): boolean {
  if (isPageLoadError(error)) return error.kind === 'offline';
  return error instanceof Error && CHUNK_FAILED.test(error.message) && !navigator.onLine;
}

/**
 * Last line of defence, in the first bundle (issue 19: lazily loaded, it could not show when the network was gone):
 * a page that could not be loaded offline says so, offers 重试 and reloads by itself when the network returns (a
 * browser keeps a failed module import failed, so only a reload fetches it again); any other error gets 刷新页面.
 */
export function RouteError() {
  const error = useRouteError();
  const offline = isOffline(error);
  const [stillOffline, setStillOffline] = useState(false);

  useEffect(() => {
    if (!offline) {
      console.error(error);
      return;
    }
    const back = () => window.location.reload();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, [offline, error]);

  if (offline) {
    return (
      <StatusPage
        icon="offline"
        title="网络连接已断开"
        subtitle={
          stillOffline
            ? '仍未连接到网络，请检查网络设置，恢复后页面会自动重新加载'
            : '页面没能加载，请检查网络后重试，恢复联网后会自动重新加载'
        }
      >
        <Button variant="primary" onClick={() => (navigator.onLine ? window.location.reload() : setStillOffline(true))}>
          重试
        </Button>
      </StatusPage>
    );
  }
  return (
    <StatusPage icon="error" title="页面出错了" subtitle="请刷新页面重试，如果问题持续存在，请联系我们">
      <Button variant="primary" onClick={() => window.location.reload()}>
        刷新页面
      </Button>
    </StatusPage>
  );
}
