import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Alibaba Cloud Content Moderation 2.0 (green-cip.*.aliyuncs.com), TextModerationPlus. It checks
 * what the real gateway checks before answering: the ACS3-HMAC-SHA256 signature over the canonical request (method,
 * path, sorted query, the signed headers, the body's SHA-256), that the signed headers cover host and every x-acs-
 * header, the body hash header, the request time (±15 minutes) and that a nonce is never used twice; then the action,
 * version and form parameters. A client with the wrong secret, a tampered body or a replayed request is refused with
 * the gateway's error codes. Content containing one of `banned` is answered as high risk with `label`.
 */
export interface GreenFakeOptions {
  accessKeyId: string;
  accessKeySecret: string;
  banned: Record<string, string>;
  services?: string[];
}

export interface GreenCall {
  service: string;
  content: string;
}

const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const sha256 = (b: Buffer | string) => createHash('sha256').update(b).digest('hex');

export async function startGreenFake(o: GreenFakeOptions) {
  const calls: GreenCall[] = [];
  const nonces = new Set<string>();
  let down = false;

  const fail = (res: ServerResponse, status: number, code: string, message: string) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ Code: code, Message: message, RequestId: 'fake-request' }));
  };

  function verify(req: IncomingMessage, body: Buffer): string | null {
    const auth = String(req.headers.authorization ?? '');
    const m = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]+)$/.exec(auth);
    if (!m) return 'InvalidAuthorization';
    const [, ak, signedList, signature] = m as unknown as [string, string, string, string];
    if (ak !== o.accessKeyId) return 'InvalidAccessKeyId.NotFound';
    const signed = signedList.split(';');
    const required = Object.keys(req.headers)
      .filter((h) => h.startsWith('x-acs-'))
      .concat('host');
    if (required.some((h) => !signed.includes(h))) return 'IncompleteSignature';
    if ([...signed].sort().join(';') !== signedList) return 'IncompleteSignature';
    if (req.headers['x-acs-content-sha256'] !== sha256(body)) return 'ContentSHA256NotMatch';
    const date = Date.parse(String(req.headers['x-acs-date'] ?? ''));
    if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000) return 'InvalidTimeStamp.Expired';
    const nonce = String(req.headers['x-acs-signature-nonce'] ?? '');
    if (!nonce || nonces.has(nonce)) return 'SignatureNonceUsed';
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = [...url.searchParams.entries()]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${enc(k)}=${enc(v)}`)
      .join('&');
    const headers = signed.map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`).join('');
    const canonical = [req.method, url.pathname, query, headers, signedList, sha256(body)].join('\n');
    const expected = createHmac('sha256', o.accessKeySecret)
      .update(`ACS3-HMAC-SHA256\n${sha256(canonical)}`)
      .digest('hex');
    if (expected.length !== signature.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature)))
      return 'SignatureDoesNotMatch';
    nonces.add(nonce);
    return null;
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) return void res.destroy();
      const body = Buffer.concat(chunks);
      const refused = verify(req, body);
      if (refused)
        return fail(
          res,
          refused === 'SignatureDoesNotMatch' || refused.startsWith('InvalidAccessKey') ? 403 : 400,
          refused,
          'refused by fake',
        );
      if (req.headers['x-acs-action'] !== 'TextModerationPlus' || req.headers['x-acs-version'] !== '2022-03-02') {
        return fail(res, 400, 'InvalidAction.NotFound', 'unknown action');
      }
      const form = new URLSearchParams(body.toString('utf8'));
      const service = form.get('Service') ?? '';
      let content = '';
      try {
        content = String(JSON.parse(form.get('ServiceParameters') ?? '{}').content ?? '');
      } catch {
        return fail(res, 400, 'InvalidParameter', 'ServiceParameters is not JSON');
      }
      if (!service || (o.services && !o.services.includes(service))) return fail(res, 400, 'InvalidParameter', 'Service');
      calls.push({ service, content });
      const hit = Object.entries(o.banned).find(([w]) => content.includes(w));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          Code: 200,
          Message: 'OK',
          RequestId: 'fake-request',
          Data: hit
            ? { RiskLevel: 'high', Result: [{ Label: hit[1], Confidence: 99.1, RiskWords: hit[0], Description: 'fake' }] }
            : { RiskLevel: 'none', Result: [{ Label: 'nonLabel', Description: '未检测出风险' }] },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    endpoint: `127.0.0.1:${port}`,
    calls,
    set down(v: boolean) {
      down = v;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
