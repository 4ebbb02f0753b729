import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy, trustProxyEnv } from './trust-proxy';

/** The address a route sees for a request arriving from `peer` with `xff` as X-Forwarded-For. */
async function seenIp(setting: string, peer: string, xff?: string) {
  const app = Fastify({ trustProxy: fastifyTrustProxy(trustProxyEnv.parse(setting)) });
  app.get('/', async (req) => ({ ip: req.ip }));
  const res = await app.inject({ url: '/', remoteAddress: peer, headers: xff ? { 'x-forwarded-for': xff } : {} });
  await app.close();
  return res.json().ip as string;
}

describe('TRUST_PROXY', () => {
  it('true is exactly one proxy: the address nginx appended, not what the client wrote before it', async () => {
    expect(await seenIp('true', '127.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seenIp('true', '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('a number is that many proxies', async () => {
    expect(await seenIp('2', '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.1')).toBe('203.0.113.7');
    expect(await seenIp('1', '10.0.0.2', '6.6.6.6, 203.0.113.7, 10.0.0.1')).toBe('10.0.0.1');
  });

  it('a list trusts only those proxy addresses', async () => {
    expect(await seenIp('10.0.0.1, 192.168.0.0/16', '10.0.0.1', '6.6.6.6, 203.0.113.7')).toBe('203.0.113.7');
    expect(await seenIp('10.0.0.1, 192.168.0.0/16', '192.168.4.4', '203.0.113.7')).toBe('203.0.113.7');
    expect(await seenIp('10.0.0.1', '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
    expect(await seenIp('loopback', '127.0.0.1', '203.0.113.7')).toBe('203.0.113.7');
  });

  it('false (the default) believes no header', async () => {
    expect(await seenIp('false', '198.51.100.1', '6.6.6.6')).toBe('198.51.100.1');
    expect(trustProxyEnv.parse(undefined)).toBe(false);
  });

  it('refuses a value it cannot read, naming it', () => {
    expect(() => trustProxyEnv.parse('nginx.local')).toThrow(/nginx\.local/);
    expect(() => trustProxyEnv.parse('10.0.0.1/40')).toThrow(/10\.0\.0\.1\/40/);
  });
});
