import { isIP } from 'node:net';
import type { FastifyServerOptions } from 'fastify';
import { z } from 'zod';

/** How many proxies stand in front of us (hops), or which addresses are our proxies; false: none. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isAddressOrRange = (s: string) => {
  if (NAMED_RANGES.has(s)) return true;
  const [ip = '', bits, ...rest] = s.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/**
 * TRUST_PROXY: `true` = exactly one proxy (the shipped nginx), a number = that many proxies, a comma list = those proxy
 * addresses or ranges (`10.0.0.5, 192.168.0.0/16, loopback`). `true` used to mean "believe every X-Forwarded-For
 * entry", so a client writing its own header chose the address our per-IP limits and consent records saw.
 */
export const trustProxyEnv = z
  .string()
  .default('false')
  .transform((raw, ctx): TrustProxy => {
    const s = raw.trim().toLowerCase();
    if (['', 'false', '0', 'no', 'off'].includes(s)) return false;
    if (['true', 'yes', 'on'].includes(s)) return { hops: 1 };
    if (/^\d+$/.test(s)) return { hops: Number(s) };
    const addresses = s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = addresses.filter((a) => !isAddressOrRange(a));
    if (bad.length) ctx.addIssue({ code: 'custom', message: `应为 true、代理层数或代理地址列表，无法识别: ${bad.join(', ')}` });
    return { addresses };
  });

/**
 * Fastify's own option for it. Fastify 5 ignores a bare number (it fails closed: no proxy is trusted at all), so hops
 * are a function: the socket peer is hop 0, the right-most X-Forwarded-For entry hop 1, and so on; the client is the
 * first address past the trusted hops, whatever a client wrote further left.
 */
export function fastifyTrustProxy(t: TrustProxy): FastifyServerOptions['trustProxy'] {
  if (!t) return false;
  if ('addresses' in t) return t.addresses;
  const { hops } = t;
  return (_address: string, hop: number) => hop < hops;
}
