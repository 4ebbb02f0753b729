import type { AddressInfo } from 'node:net';
import type { FastifyRequest } from 'fastify';
import { publicOrigin } from '../../lib/public-origin';
import type { RequestUrls } from './service';

/**
 * The origin links are built on (PUBLIC_BASE_URL when set, never a client's Host in production), and our own address
 * for server-to-server calls to the sandbox fake: loopback when listening on all interfaces.
 */
export function requestUrls(req: FastifyRequest, publicBaseUrl: string | undefined): RequestUrls {
  const a = req.server.server.address() as AddressInfo | string | null;
  let selfOrigin: string | null = null;
  if (a && typeof a === 'object') {
    const host = a.address === '0.0.0.0' || a.address === '::' ? '127.0.0.1' : a.family === 'IPv6' ? `[${a.address}]` : a.address;
    selfOrigin = `http://${host}:${a.port}`;
  }
  return { origin: publicOrigin(req, publicBaseUrl), selfOrigin };
}
