import { withOutcomeMetrics } from './outcome-metrics';
import type { PaymentMethod } from '@lingxi/shared';
import type { FastifyInstance } from 'fastify';
import type { ModuleContext } from '../context';
import type { AlipaySettings, WechatPaySettings } from './config';
import { createAlipayClient } from './providers/alipay/client';
import { alipayNotifyRoute } from './providers/alipay/notify-route';
import { lazy } from './providers/fake-kit';
import type { PayProvider } from './providers/types';
import { createWechatPayClient } from './providers/wechatpay/client';
import { wechatNotifyRoute } from './providers/wechatpay/notify-route';
import { createRewardRepository } from './repository';
import { rewardRoutes } from './routes';
import { createSandboxPay, SANDBOX_PATHS, selfUrl } from './sandbox';
import { createRewardService } from './service';

const NOTIFY_PATHS: Record<PaymentMethod, string> = { wechat: '/api/reward/notify/wechat', alipay: '/api/reward/notify/alipay' };

/**
 * Tips paid with real money (issue #5). Live mode reads both providers' settings from the environment; sandbox mode
 * mounts protocol-faithful fake gateways under /api/sandbox/* and hands the same clients their URLs and keys.
 */
export async function registerRewardModule(api: FastifyInstance, ctx: ModuleContext): Promise<void> {
  const cfg = ctx.config.reward;
  const timeouts = { timeoutMs: cfg.providerTimeoutMs };

  let wechatSettings: (() => Promise<WechatPaySettings>) | null = cfg.wechat ? async () => cfg.wechat! : null;
  let alipaySettings: (() => Promise<AlipaySettings>) | null = cfg.alipay ? async () => cfg.alipay! : null;
  if (cfg.mode === 'sandbox') {
    const sandbox = createSandboxPay(api, { now: ctx.now, publicBaseUrl: ctx.config.publicBaseUrl });
    await api.register(sandbox.wechatFake.plugin, { prefix: SANDBOX_PATHS.wechat });
    await api.register(sandbox.alipayFake.plugin, { prefix: SANDBOX_PATHS.alipay });
    api.addHook('onClose', async () => {
      sandbox.wechatFake.control.shutdown();
      sandbox.alipayFake.control.shutdown();
    });
    wechatSettings = sandbox.wechat;
    alipaySettings = sandbox.alipay;
  }

  const wechat = wechatSettings && lazy(async () => createWechatPayClient(await wechatSettings!(), { now: ctx.now, ...timeouts }));
  const alipay =
    alipaySettings && lazy(async () => createAlipayClient(await alipaySettings!(), { ...timeouts, ttlMinutes: cfg.orderTtlMs / 60_000 }));
  const clients: Partial<Record<PaymentMethod, () => Promise<PayProvider>>> = {
    ...(wechat ? { wechat } : {}),
    ...(alipay ? { alipay } : {}),
  };

  const service = createRewardService({
    repo: withOutcomeMetrics(createRewardRepository(ctx.db), ctx.metrics),
    methods: Object.keys(clients) as PaymentMethod[],
    provider: (method) => clients[method]!(),
    notifyUrl: (method) => `${cfg.notifyBaseUrl ?? selfUrl(api)}${NOTIFY_PATHS[method]}`,
    now: ctx.now,
    log: ctx.log,
    orderTtlMs: cfg.orderTtlMs,
    queryMinIntervalMs: cfg.queryMinIntervalMs,
    mayPay: ctx.safety.assertMayPay,
  });

  await api.register(rewardRoutes, { service });
  if (wechat) await api.register(wechatNotifyRoute, { client: wechat, service });
  if (alipay) await api.register(alipayNotifyRoute, { client: alipay, service });

  // Reconciliation: orders whose callback never came are settled by asking the provider, expired ones are closed.
  if (cfg.sweepIntervalMs > 0) {
    let running: Promise<unknown> | null = null;
    const timer = setInterval(() => {
      running ??= service
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
