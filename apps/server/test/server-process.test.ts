import { describe, expect, it } from 'vitest';
import { startServer } from './support/server-process';

describe('the server process', () => {
  it('starts on an empty DATA_DIR, applies migrations, serves, and exits 0 on SIGTERM after finishing requests', async () => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { emptyDataDir: true });
    try {
      expect(await server.ready()).toBe('ready');
      const types = await (await fetch(`${server.base}/api/service-types`)).json();
      expect(types.data.length).toBeGreaterThanOrEqual(16);
      const inFlight = fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phone: '13800138000', password: 'whatever' }),
      });
      await new Promise((r) => setTimeout(r, 20));
      server.child.kill('SIGTERM');
      expect((await inFlight).status).toBe(404);
      expect(await server.exited).toBe(0);
    } finally {
      server.kill();
    }
    expect(server.output()).not.toMatch(/13800138000/);
  }, 90_000);
});
