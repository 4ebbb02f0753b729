import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliyunSmsProvider } from '../src/modules/sms/providers/aliyun';
import { SmsSendError } from '../src/modules/sms/providers/types';
import { useTestApp } from './support/app';
import { newPhone } from './support/users';

/** A capture server standing in for dysmsapi.aliyuncs.com: the official SDK talks to it over plain http. */
let server: Server;
let port = 0;
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let answer: Record<string, string> = { Code: 'OK', Message: 'OK', BizId: 'biz-1', RequestId: 'req-1' };

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const provider = () =>
  createAliyunSmsProvider({
    accessKeyId: 'test-ak',
    accessKeySecret: 'test-secret',
    signName: '灵犀',
    templateCode: 'SMS_123',
    endpoint: `127.0.0.1:${port}`,
    protocol: 'http',
  });

function params(entry: (typeof seen)[number]) {
  const q = new URL(entry.url, 'http://x').searchParams;
  const b = new URLSearchParams(entry.body);
  return (k: string) => q.get(k) ?? b.get(k);
}

describe('Aliyun SMS adapter through the official SDK', () => {
  it('sends SendSms with phone, sign, template and the code as template params, signed with the access key', async () => {
    answer = { Code: 'OK', Message: 'OK', BizId: 'biz-1', RequestId: 'req-1' };
    await provider().sendCode('13800138000', '482913', 'login');
    const last = seen.at(-1)!;
    const get = params(last);
    expect(last.headers['x-acs-action'] ?? get('Action')).toBe('SendSms');
    expect(get('PhoneNumbers')).toBe('13800138000');
    expect(get('SignName')).toBe('灵犀');
    expect(get('TemplateCode')).toBe('SMS_123');
    expect(JSON.parse(get('TemplateParam')!)).toEqual({ code: '482913' });
    expect(String(last.headers.authorization)).toContain('test-ak');
    expect(JSON.stringify(last)).not.toContain('test-secret');
  });

  it('turns a carrier refusal into a Chinese message the user can act on', async () => {
    answer = { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发分钟级流控', RequestId: 'req-2' };
    const err = await provider()
      .sendCode('13800138000', '482913', 'login')
      .catch((e) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err.message).toBe('该手机号获取验证码过于频繁，请稍后再试');
  });
});

describe('a refused SMS does not cost the user a cooldown', () => {
  const ctx = useTestApp('pglite', {
    build: {
      smsProvider: {
        name: 'refusing',
        sendCode: async () => {
          throw new SmsSendError('isv.AMOUNT_NOT_ENOUGH', '短信发送失败，请稍后重试');
        },
        sendNotice: async () => {},
      },
    },
  });
  it('answers 400 with the message and lets the user retry at once', async () => {
    const phone = newPhone();
    const first = await ctx.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type: 'register' } });
    expect(first.statusCode).toBe(400);
    expect(first.json().message).toBe('短信发送失败，请稍后重试');
    const again = await ctx.inject({ method: 'POST', url: '/api/auth/send-sms-code', payload: { phone, type: 'register' } });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).not.toMatch(/秒后再试/);
  });
});
