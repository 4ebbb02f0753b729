import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * What both sandbox gateways share: injected API failures, callback delivery with the provider's retry habit, the
 * scannable pay page, and lazily built options (sandbox keys are generated on first use, not at start-up).
 */

export type ApiFault = 'system_error' | 'timeout' | 'bad_signature';

export class FaultQueue {
  #queue: { op: string; fault: ApiFault }[] = [];
  /** The next `times` calls of `op` ('*' for any operation) fail this way. */
  add(op: string, fault: ApiFault, times = 1) {
    for (let i = 0; i < times; i += 1) this.#queue.push({ op, fault });
  }
  take(op: string): ApiFault | null {
    const i = this.#queue.findIndex((f) => f.op === op || f.op === '*');
    return i === -1 ? null : this.#queue.splice(i, 1)[0]!.fault;
  }
  clear() {
    this.#queue = [];
  }
}

export interface Delivery {
  /** HTTP status (or 0 for a network failure) of every attempt, in order. */
  attempts: number[];
  delivered: boolean;
}

/**
 * POSTs a callback and re-sends it while the merchant does not accept it, on a (shortened) version of the provider's
 * schedule. `accepted` decides what counts: WeChat wants any 2xx, Alipay the literal body 'success'.
 */
export function createDeliverer(o: {
  retryDelaysMs: number[];
  log?: FastifyBaseLogger;
  accepted: (status: number, body: string) => boolean;
}) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      t.unref();
      timers.add(t);
    });

  async function attempt(url: string, init: RequestInit): Promise<{ status: number; ok: boolean }> {
    try {
      const res = await fetch(url, { ...init, method: 'POST', signal: AbortSignal.timeout(5_000) });
      const body = await res.text();
      return { status: res.status, ok: o.accepted(res.status, body) };
    } catch {
      return { status: 0, ok: false };
    }
  }

  return {
    async deliver(url: string, init: RequestInit): Promise<Delivery> {
      const attempts: number[] = [];
      for (let i = 0; i <= o.retryDelaysMs.length && !closed; i += 1) {
        if (i > 0) await sleep(o.retryDelaysMs[i - 1]!);
        if (closed) break;
        const r = await attempt(url, init);
        attempts.push(r.status);
        if (r.ok) return { attempts, delivered: true };
      }
      o.log?.warn({ attempts }, 'sandbox gateway: callback not accepted');
      return { attempts, delivered: false };
    },
    close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}

/** Memoises a successful async build; a failed one is tried again next time. */
export function lazy<T>(build: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | null = null;
  return () => {
    p ??= build().catch((err) => {
      p = null;
      throw err;
    });
    return p;
  };
}

/**
 * A gateway's scope: JSON is buffered as raw text (signatures cover the exact bytes), the empty forms the pay page
 * posts are accepted, and its routes stay out of our own API documentation.
 */
export function gatewayScope(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
}

/** The request URL as the client signed it: relative to where the gateway is mounted. */
export const signedUrl = (app: FastifyInstance, url: string) =>
  app.prefix && url.startsWith(app.prefix) ? url.slice(app.prefix.length) : url;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface PayPageView {
  brand: string;
  color: string;
  amountYuan: string;
  description: string;
  orderId: string;
  state: string;
  message?: string;
  /** A line under the brand naming the cashier (扫码支付 / 手机网页支付 / 微信内支付). */
  channel?: string;
  /** Buttons are offered only while the order can still be paid. */
  actions: boolean;
  /** Where each button posts: `${orderId}/${action}` relative to the page unless given. */
  formAction?: (action: 'pay' | 'fail' | 'close') => string;
  /** Carried by every button's form (a phone cashier's return address). */
  hidden?: Record<string, string>;
  /** The third button's label ('关闭' on a scanned page, '返回商家' on a phone cashier). */
  closeLabel?: string;
  /** A link back to the merchant shown under the card (a phone cashier after payment). */
  backUrl?: string;
}

/**
 * The page a phone opens after scanning a sandbox code, or the sandbox cashier a phone payment opens:
 * 支付 / 支付失败 / 关闭, plain forms, no script needed.
 */
export function payPage(v: PayPageView): string {
  const target = v.formAction ?? ((action: string) => `${encodeURIComponent(v.orderId)}/${action}`);
  const hidden = Object.entries(v.hidden ?? {})
    .map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`)
    .join('');
  const button = (action: 'pay' | 'fail' | 'close', label: string, style: string) =>
    `<form method="post" action="${esc(target(action))}">${hidden}<button type="submit" style="${style}">${label}</button></form>`;
  const actions = v.actions
    ? [
        button('pay', '支付', `background:${v.color};color:#fff;border:0`),
        button('fail', '支付失败', 'background:#fff;color:#cf1322;border:1px solid #cf1322'),
        button('close', v.closeLabel ?? '关闭', 'background:#fff;color:#555;border:1px solid #bbb'),
      ].join('')
    : '';
  const back = v.backUrl ? `<p class="msg"><a href="${esc(v.backUrl)}" data-testid="back-to-merchant">返回商家</a></p>` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(v.brand)}（沙箱）</title><style>
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f5f5;color:#222}
main{max-width:420px;margin:0 auto;padding:24px 16px}.card{background:#fff;border-radius:12px;padding:24px;text-align:center}
.tag{display:inline-block;background:#fffbe6;border:1px solid #ffe58f;color:#ad6800;border-radius:4px;padding:2px 8px;font-size:12px}
h1{font-size:18px;margin:12px 0 4px;color:${v.color}}.amount{font-size:40px;font-weight:600;margin:16px 0}
.meta{color:#888;font-size:13px;word-break:break-all}.msg{margin:16px 0;font-size:16px}
form{margin:12px 0 0}button{width:100%;padding:12px;font-size:16px;border-radius:8px;cursor:pointer}
</style></head><body><main><div class="card"><span class="tag">沙箱环境 · 不会产生真实扣款</span>
<h1>${esc(v.brand)}</h1>${v.channel ? `<div class="meta">${esc(v.channel)}</div>` : ''}<div>${esc(v.description)}</div><div class="amount">¥${esc(v.amountYuan)}</div>
<div class="meta">订单号 ${esc(v.orderId)}</div><div class="meta" data-testid="trade-state">状态：${esc(v.state)}</div>
${v.message ? `<p class="msg" data-testid="pay-message">${esc(v.message)}</p>` : ''}${actions}${back}</div></main></body></html>`;
}

/** A gateway's refusal page, as the real cashiers show one instead of taking the payment. */
export function errorPage(brand: string, title: string, detail: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(brand)}（沙箱）</title></head><body style="font-family:sans-serif;max-width:420px;margin:0 auto;padding:24px 16px">
<h1 style="font-size:18px">${esc(title)}</h1><p data-testid="gateway-error">${esc(detail)}</p></body></html>`;
}

/** Reads the body of a form post (the gateway scope keeps it as raw text). */
export function formFields(body: unknown): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : ''));
}
