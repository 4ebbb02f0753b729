/** The longest return address we carry through a sign-in or an authorization round trip. */
export const RETURN_PATH_MAX = 512;

const PROBE_ORIGIN = 'http://lingxi.invalid';

/**
 * `raw` as a path on this site (`/chat/love?x=1#top`), or null when it is anything else: another site (`//evil.com`,
 * `https://…`, `/\evil.com`, which browsers read as `//evil.com`), a scheme (`javascript:`), control characters, the
 * API, or an over-long value. Used for "back to where you were" after sign-in and after a WeChat authorization, so a
 * crafted link can never send a person off the site.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || raw.length > RETURN_PATH_MAX) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must be refused here
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** `path` with `key=value` added to its query (before any #fragment), replacing an earlier value of `key`. */
export function withQueryParam(path: string, key: string, value: string): string {
  const url = new URL(path, PROBE_ORIGIN);
  url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}
