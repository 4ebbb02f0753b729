import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../plugins/errors';
import type { BaziRepository } from './repository';
import { baziRoutes } from './routes';
import { createBaziService } from './service';

const body = {
  year: '2000',
  month: '01',
  day: '01',
  hour: '12',
  minute: '00',
  isLeapMonth: false,
  gender: 'male' as const,
  calendarType: 'solar' as const,
  birth_place: '北京北京',
};
const silentLog = { error: () => {}, warn: () => {}, info: () => {} } as never;

async function appWith(service: ReturnType<typeof createBaziService>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('auth', null);
  app.decorate('requireUser', async () => {});
  await app.register(baziRoutes, { service, ratePerMinute: 1000 });
  return app;
}

describe('bazi route failures', () => {
  it('answers 500 with 排盘失败，请重试 when the calculator has a bug, without leaking its text', async () => {
    const service = createBaziService({
      repo: {} as BaziRepository,
      now: () => new Date(),
      log: silentLog,
      maxSavedCharts: 10,
      compute: () => {
        throw new TypeError("Cannot read properties of undefined (reading 'gan')");
      },
    });
    const app = await appWith(service);
    const res = await app.inject({ method: 'POST', url: '/bazi-paipan/paipan', payload: body });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: '排盘失败，请重试', data: null });
    expect(res.body).not.toContain('gan');
  });

  it('still returns the chart when saving it fails, and says it was not saved', async () => {
    const repo = { insert: async () => Promise.reject(new Error('connection lost')) } as unknown as BaziRepository;
    const service = createBaziService({ repo, now: () => new Date(), log: silentLog, maxSavedCharts: 10 });
    const result = await service.calculate(body, { id: '00000000-0000-4000-8000-000000000000' });
    expect(result.message).toBe('排盘成功，但保存到“我的命盘”失败');
    expect(result.chart.pillars.day.gan_zhi).toHaveLength(2);
  });
});
