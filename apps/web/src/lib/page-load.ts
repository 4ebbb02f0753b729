/**
 * Loading a page's chunk can fail two ways (issue 19): the phone is offline (tapping a link on the underground), or
 * the file is gone because a new version was deployed since this tab loaded. The first waits for the network, the
 * second needs the new index.html: one full reload, remembered so a broken deploy cannot loop.
 */
export class PageLoadError extends Error {
  readonly kind: 'offline' | 'missing';
  constructor(kind: 'offline' | 'missing', cause: unknown) {
    super(kind === 'offline' ? '网络连接已断开' : '页面文件已更新', { cause });
    this.name = 'PageLoadError';
    this.kind = kind;
  }
}

const RELOAD_KEY = 'lx-page-reload-at';
const RELOAD_GUARD_MS = 30_000;
const PROBE_TIMEOUT_MS = 5_000;

/** True when the server answers at all (any status): the network is up, so a failed chunk is a missing one. */
async function serverReachable(): Promise<boolean> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), PROBE_TIMEOUT_MS);
  try {
    await fetch('/api/health', { cache: 'no-store', signal: controller.signal });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

let pendingTarget: () => string | null = () => null;
/**
 * The router tells where it is going: a page is loaded before the address changes, so a plain reload would land on
 * the page the person was leaving (app/app.tsx registers it).
 */
export function setPendingNavigationTarget(target: () => string | null): void {
  pendingTarget = target;
}

/** Reloads the page unless this tab already did so for a missing file a moment ago; says whether it did. */
function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  const target = pendingTarget();
  if (target) window.location.assign(target);
  else window.location.reload();
  return true;
}

/** Loads a page module; a failure becomes a PageLoadError for the error page, or one reload after a deploy. */
export async function loadPage<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (!(await serverReachable())) throw new PageLoadError('offline', error);
    // The page is going away; never settle, so the error page does not flash before the reload.
    if (reloadOnce()) return new Promise<M>(() => {});
    throw new PageLoadError('missing', error);
  }
}

export function isPageLoadError(error: unknown): error is PageLoadError {
  return error instanceof PageLoadError;
}
