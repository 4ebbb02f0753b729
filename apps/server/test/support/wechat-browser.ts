import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { beforeAll, expect } from 'vitest';
import type { TestContext } from './app';

/** Makes the test app listen on 127.0.0.1:0 (after useTestApp has built it) and gives its base URL. */
export function useListening(ctx: TestContext) {
  const where = { base: '' };
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    where.base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  });
  return where;
}

/**
 * A browser as far as the QR flow cares: one cookie jar for our origin, redirects followed by hand so a test sees
 * every hop (qrconnect → redirect_uri?code&state → the callback page).
 */
export class FakeBrowser {
  private cookies = new Map<string, string>();
  /** `userAgent`: e.g. WECHAT_UA for WeChat's built-in browser, where the official account's authorization runs. */
  constructor(
    private readonly base: () => string,
    private readonly userAgent?: string,
  ) {}

  async fetch(pathOrUrl: string, init: RequestInit & { json?: unknown; bearer?: string } = {}) {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : `${this.base()}${pathOrUrl}`;
    const headers = new Headers(init.headers);
    if (this.cookies.size && url.startsWith(this.base())) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    if (init.bearer) headers.set('authorization', `Bearer ${init.bearer}`);
    if (this.userAgent) headers.set('user-agent', this.userAgent);
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await fetch(url, { ...init, headers, body, redirect: 'manual' });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return res;
  }

  cookie(name: string) {
    return this.cookies.get(name);
  }

  async createQr() {
    const res = await this.fetch('/api/auth/wechat-qr-code', { method: 'POST' });
    expect(res.status, await res.clone().text()).toBe(200);
    type Qr = { qr_code_id: string; qr_code_url: string; appid: string; redirect_uri: string; scope: string; qr_image: string };
    return (await res.json()) as Qr & { data: Qr };
  }

  async bindStart(token: string) {
    const res = await this.fetch('/api/auth/wechat-bind-start', { method: 'POST', bearer: token });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()).data as { appid: string; scope: string; redirect_uri: string; state: string; qr_code_url: string };
  }

  async status(id: string) {
    const res = await this.fetch(`/api/auth/wechat-qr-status/${id}`);
    return {
      http: res.status,
      body: (await res.json()) as {
        success: boolean;
        message: string;
        status?: string;
        code?: string;
        data?: { status: string; code?: string; message?: string };
      },
    };
  }

  /** GETs a redirect_uri (the callback) and returns what the browser would show or where it would go. */
  async open(url: string) {
    const res = await this.fetch(url);
    return { status: res.status, location: res.headers.get('location'), html: await res.text() };
  }
}

/** What WeChat's built-in browser on Android sends (the part that matters: MicroMessenger). */
export const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/130.0.0.0 Mobile Safari/537.36 MicroMessenger/8.0.54.2760(0x28003637) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64';

/**
 * Inside WeChat: starts the official account's authorization, goes through the fake's page (picking `persona` when it
 * asks; snsapi_base asks only the first time) and follows WeChat's redirect to our callback. Returns the state and
 * where our callback sends the browser back to.
 */
export async function authorizeInWechat(
  b: FakeBrowser,
  o: {
    intent: 'login' | 'bind' | 'base';
    bearer?: string;
    returnTo?: string;
    persona?: string;
    decision?: 'allow' | 'deny' | 'expired-code';
  },
) {
  const start = await b.fetch('/api/auth/wechat-oa/authorize', {
    method: 'POST',
    bearer: o.bearer,
    json: { intent: o.intent, ...(o.returnTo ? { return_to: o.returnTo } : {}) },
  });
  expect(start.status, await start.clone().text()).toBe(200);
  const data = (await start.json()).data as { state: string; url: string; scope: string; appid: string; redirect_uri: string };
  const url = data.url.replace(/#wechat_redirect$/, '');
  let res = await b.fetch(url);
  if (res.status === 200) {
    const html = await res.text();
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(action, html).toBeTruthy();
    res = await b.fetch(new URL(String(action).replace(/&amp;/g, '&'), url).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ persona: o.persona ?? 'xiaolin', decision: o.decision ?? 'allow' }).toString(),
    });
  }
  expect(res.status, await res.clone().text()).toBe(302);
  const callback = res.headers.get('location') ?? '';
  const back = await b.open(callback);
  return { ...data, callback, back };
}

/** A fresh persona key the fake accepts: a WeChat person never seen before. */
export const newPersona = () => `new-${randomBytes(6).toString('hex')}`;

/**
 * The phone's part: opens the qrconnect URL from the QR, picks a persona and presses a button. Returns the URL WeChat
 * sends the browser to (redirect_uri?code&state), without following it.
 */
export async function confirmOnPhone(qrCodeUrl: string, persona = 'xiaolin', decision: 'allow' | 'deny' | 'expired-code' = 'allow') {
  const url = qrCodeUrl.replace(/#wechat_redirect$/, '');
  const page = await fetch(url);
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
  expect(action, html).toBeTruthy();
  const post = await fetch(new URL(action!.replace(/&amp;/g, '&'), url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ persona, decision }).toString(),
    redirect: 'manual',
  });
  expect(post.status, await post.clone().text()).toBe(302);
  return post.headers.get('location')!;
}
