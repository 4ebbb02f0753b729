import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { ModuleContext } from '../context';
import { createAliyunSmsProvider } from './providers/aliyun';
import { createSandboxSmsProvider } from './providers/sandbox';
import type { SmsProvider } from './providers/types';
import { createSmsOutboxRepository } from './outbox-repository';
import { createSmsRepository } from './repository';
import { sandboxSmsRoutes } from './routes';
import { createSmsService } from './service';

export type SandboxSms = ReturnType<typeof createSandboxSmsProvider>;
export type { SmsProvider };

/**
 * The SMS codes service on the configured gateway (or `provider`, for adapter tests). `sandbox` is the sandbox
 * handset when that is the gateway in use, else null.
 */
export function createSmsServices(d: { config: Config; db: Db; now: () => Date; log: FastifyBaseLogger; provider?: SmsProvider }) {
  const { config } = d;
  const sandbox = createSandboxSmsProvider(createSmsOutboxRepository(d.db));
  const provider = d.provider ?? (config.sms.provider === 'aliyun' ? createAliyunSmsProvider(config.sms.aliyun) : sandbox);
  const sms = createSmsService({
    repo: createSmsRepository(d.db),
    provider,
    pepper: config.sms.pepper,
    ipHourlyLimit: config.sms.ipHourlyLimit,
    resendSeconds: config.sms.resendSeconds,
    now: d.now,
    log: d.log,
  });
  return { sms, sandbox: provider === sandbox ? sandbox : null };
}

/** Registers, under /api, the sandbox handset's inbox: only while the sandbox gateway is in use and its routes are on. */
export async function registerSmsModule(api: FastifyInstance, ctx: ModuleContext, sandbox: SandboxSms | null): Promise<void> {
  if (sandbox && ctx.config.sandboxRoutes) await api.register(sandboxSmsRoutes, { sandbox });
}
