import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyRequestLogger } from './request-logger';

function capture(level = 'info') {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      done();
    },
  });
  return { parent: pino({ level }, stream), lines };
}

describe('the lazy request logger', () => {
  it('makes no pino child for a request that logs nothing, or only below its level', () => {
    const { parent } = capture('info');
    const child = vi.spyOn(parent, 'child');
    const log = lazyRequestLogger(parent, { reqId: 'req-1' }, { level: 'warn' }) as Logger;
    log.info('not at warn');
    log.debug('nor this');
    expect(log.isLevelEnabled('info')).toBe(false);
    expect(log.isLevelEnabled('error')).toBe(true);
    expect(child).not.toHaveBeenCalled();
  });

  it('writes what a pino child would, with the request id, once something is logged at its level', async () => {
    const { parent, lines } = capture('info');
    const log = lazyRequestLogger(parent, { reqId: 'req-7' }, {});
    log.info({ route: '/x' }, 'first');
    log.error(new Error('boom'), 'second');
    await new Promise((r) => setImmediate(r));
    expect(lines.map((l) => [l.reqId, l.msg, l.level])).toEqual([
      ['req-7', 'first', 30],
      ['req-7', 'second', 50],
    ]);
    expect(lines[0]?.route).toBe('/x');
    expect((lines[1]?.err as { message: string }).message).toBe('boom');
  });

  it('follows the parent level when the route sets none, and says nothing when silent', () => {
    const { parent } = capture('warn');
    expect((lazyRequestLogger(parent, {}, {}) as Logger).isLevelEnabled('info')).toBe(false);
    const silent = lazyRequestLogger(parent, {}, { level: 'silent' }) as Logger;
    expect(silent.isLevelEnabled('fatal')).toBe(false);
  });
});
