import type { PaymentMethod } from '@lingxi/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import type { AlipaySettings, WechatPaySettings } from './config';
import { withOutcomeMetrics } from './outcome-metrics';
import { createAlipayClient, type AlipayClient } from './providers/alipay/client';
import { alipayNotifyRoute } from './providers/alipay/notify-route';
import { lazy } from './providers/fake-kit';
import type { PayProvider } from './providers/types';
import { createWechatPayClient, type WechatPayClient } from './providers/wechatpay/client';
import { wechatNotifyRoute } from './providers/wechatpay/notify-route';
import { createPaymentRepository, type PaymentPurposeKey } from './repository';
import { createSandboxPay, SANDBOX_PATHS, selfUrl } from './sandbox';
import { createPaymentEngine, NO_PAYER_IDENTITY, type PayerIdentity, type PaymentEngine, type PurchaseGuard } from './service';

export { officialAccountPayer } from './payer';

/** Tips keep the callback paths they were registered with; paid services (and anything later) use /api/pay/notify/*. */
const NOTIFY_PATHS: Record<PaymentPurposeKey, Record<PaymentMethod, string>> = {
  tip: { wechat: '/reward/notify/wechat', alipay: '/reward/notify/alipay' },
  service: { wechat: '/pay/notify/wechat', alipay: '/pay/notify/alipay' },
};
const pathsOf = (method: PaymentMethod) => Object.values(NOTIFY_PATHS).map((p) => p[method]);

export interface PaymentRails {
  engine: PaymentEngine;
  /** Set in sandbox mode: the fake gateways this server mounts under /api/sandbox/{wxpay,alipay}. */
  sandbox: ReturnType<typeof createSandboxPay> | null;
  wechat: (() => Promise<WechatPayClient>) | null;
  alipay: (() => Promise<AlipayClient>) | null;
}

/**
 * The payment rails tips and paid services share (issue 14): one WeChat Pay APIv3 client, one Alipay client, their
 * protocol-faithful fakes, verified notifications, and the reconciliation sweep. Live mode reads both providers'
 * settings from the environment; sandbox mode hands the same clients the URLs and keys of the fakes this server mounts.
 */
export function createPaymentRails(
  app: FastifyInstance,
  ctx: ModuleContext,
  o: { payer?: PayerIdentity; guard?: PurchaseGuard } = {},
): PaymentRails {
  const cfg = ctx.config.payment;
  const timeouts = { timeoutMs: cfg.providerTimeoutMs };
  const live = { wechat: cfg.wechat, alipay: cfg.alipay };
  const sandbox = cfg.mode === 'sandbox' ? createSandboxPay(app, { now: ctx.now, publicBaseUrl: ctx.config.publicBaseUrl }) : null;
  const wechatSettings: (() => Promise<WechatPaySettings>) | null = sandbox
    ? sandbox.wechat
    : live.wechat
      ? async () => live.wechat as WechatPaySettings
      : null;
  const alipaySettings: (() => Promise<AlipaySettings>) | null = sandbox
    ? sandbox.alipay
    : live.alipay
      ? async () => live.alipay as AlipaySettings
      : null;

  const wechat = wechatSettings && lazy(async () => createWechatPayClient(await wechatSettings(), { now: ctx.now, ...timeouts }));
  const alipay =
    alipaySettings && lazy(async () => createAlipayClient(await alipaySettings(), { ...timeouts, ttlMinutes: cfg.orderTtlMs / 60_000 }));
  const clients: Partial<Record<PaymentMethod, () => Promise<PayProvider>>> = {
    ...(wechat ? { wechat } : {}),
    ...(alipay ? { alipay } : {}),
  };

  const engine = createPaymentEngine({
    repo: withOutcomeMetrics(createPaymentRepository(ctx.db), ctx.metrics),
    methods: Object.keys(clients) as PaymentMethod[],
    provider: async (method) => {
      const client = clients[method];
      if (!client) throw new Error(`payment method ${method} is not configured`);
      return client();
    },
    notifyUrl: (method, purpose) => `${cfg.notifyBaseUrl ?? selfUrl(app)}/api${NOTIFY_PATHS[purpose][method]}`,
    now: ctx.now,
    log: ctx.log,
    orderTtlMs: cfg.orderTtlMs,
    queryMinIntervalMs: cfg.queryMinIntervalMs,
    payer: o.payer ?? NO_PAYER_IDENTITY,
    guard: o.guard ?? (async () => {}),
  });
  return { engine, sandbox, wechat, alipay };
}

/** Mounts the sandbox gateways (sandbox mode), the notification routes and the reconciliation sweep. */
export async function registerPaymentModule(api: FastifyInstance, ctx: ModuleContext, rails: PaymentRails): Promise<void> {
  const cfg = ctx.config.payment;
  const { sandbox, engine } = rails;
  if (sandbox) {
    await api.register(sandbox.wechatFake.plugin, { prefix: SANDBOX_PATHS.wechat });
    await api.register(sandbox.alipayFake.plugin, { prefix: SANDBOX_PATHS.alipay });
    api.addHook('onClose', async () => {
      sandbox.wechatFake.control.shutdown();
      sandbox.alipayFake.control.shutdown();
    });
  }
  if (rails.wechat) await api.register(wechatNotifyRoute, { client: rails.wechat, engine, paths: pathsOf('wechat') });
  if (rails.alipay) await api.register(alipayNotifyRoute, { client: rails.alipay, engine, paths: pathsOf('alipay') });

  // Reconciliation: orders whose callback never came are settled by asking the provider, expired ones are closed.
  if (cfg.sweepIntervalMs > 0) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      running ??= engine
        .sweep()
        .catch((err) => ctx.log.error({ err }, 'payment sweep failed'))
        .finally(() => {
          running = null;
        });
    }, cfg.sweepIntervalMs);
    timer.unref();
    api.addHook('onClose', async () => {
      clearInterval(timer);
      await running;
    });
  }
}
