import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';

/** What the browser may load on our pages (issue 12 item 12: a reply's markdown image must not reach another host). */
describe('content security policy', () => {
  const ctx = useTestApp('pglite');

  it('lets images come only from our own origin and data: URLs', async () => {
    for (const url of ['/api/health', '/chat/general', '/']) {
      const csp = (await ctx.inject({ method: 'GET', url })).headers['content-security-policy'] as string;
      const img = csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('img-src'));
      expect(img, url).toBe("img-src 'self' data:");
    }
  });
});
