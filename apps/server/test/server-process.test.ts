import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
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

  it('takes in a burst of 1,500 new connections while it is busy, instead of dropping those past Node’s 511', async () => {
    const server = await startServer({ LOG_LEVEL: 'warn' });
    const sockets: Socket[] = [];
    try {
      expect(await server.ready()).toBe('ready');
      const { port } = new URL(server.base);
      // Stopped, the process accepts nothing: every connection it will ever get must wait in the kernel's queue. A
      // connection past the queue's size is dropped and its client tries again a second later, then 3, 7, 15 s later.
      server.child.kill('SIGSTOP');
      // The kernel caps any backlog at net.core.somaxconn (4096 on current kernels).
      const burst = Math.min(1500, Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8')));
      let connected = 0;
      for (let i = 0; i < burst; i++) {
        const socket = connect(Number(port), '127.0.0.1', () => void (connected += 1));
        socket.on('error', () => {});
        sockets.push(socket);
      }
      for (let waited = 0; connected < burst && waited < 3000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      expect(connected).toBe(burst);
      server.child.kill('SIGCONT');
      sockets.forEach((s) => s.destroy());
      expect((await fetch(`${server.base}/api/ready`)).status).toBe(200);
    } finally {
      sockets.forEach((s) => s.destroy());
      server.child.kill('SIGCONT');
      server.kill();
    }
  }, 90_000);
});
