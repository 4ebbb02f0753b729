/**
 * Registers public/sw.js (ADR 027) after the page has loaded, so it never competes with the first screen. Only in a
 * production build: the dev server's modules are not hashed and must never come from a cache.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* private mode or a blocked worker: the app works without it, only not offline */
    });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
