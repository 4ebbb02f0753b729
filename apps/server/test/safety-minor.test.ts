import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { advanceToBeijingHour, ask, beijingYear, status } from './support/safety';
import { acknowledgeAi, bearer, latestCode, newPhone, registerUser } from './support/users';

const env = { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000' };
const tip = { amount: 1, payment_method: 'wechat', trade_type: 'NATIVE' };

describe.each(dbTargets)('minor mode, enforced on the server, on %s', (target) => {
  const ctx = useTestApp(target, { env });
  // The sandbox payment gateways are reached over HTTP: an adult's tip needs the app listening.
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });
  const minorYear = () => beijingYear(ctx) - 16; // 15 (or 16): a minor
  const childYear = () => beijingYear(ctx) - 13; // 12 (or 13): under 14

  it('refuses the intimate personas to a minor and allows the others in the daytime', async () => {
    advanceToBeijingHour(ctx, 10);
    const { token } = await registerUser(ctx, { birth_year: minorYear() });
    await acknowledgeAi(ctx, token);
    expect((await status(ctx, token)).minor).toMatchObject({ active: true, band: 'minor', daily_minutes: 60 });
    for (const type of ['love', 'emotional']) {
      const r = await ask(ctx, token, type);
      expect([r.status, r.message]).toEqual([451, '未成年人模式下不能使用该服务']);
    }
    expect((await ask(ctx, token, 'general')).status).toBe(200);
    expect((await ask(ctx, token, 'psychology')).status).toBe(200);
  });

  it('locks a minor out from 22:00 to 06:00 Beijing time, and not an adult', async () => {
    advanceToBeijingHour(ctx, 10);
    const minor = await registerUser(ctx, { birth_year: minorYear() });
    const adult = await registerUser(ctx, { birth_year: 1990 });
    advanceToBeijingHour(ctx, 23);
    const r = await ask(ctx, minor.token, 'general');
    expect([r.status, r.message]).toEqual([451, '未成年人模式下每日22:00至次日6:00不能使用']);
    expect((await ask(ctx, adult.token, 'general')).status).toBe(200);
    advanceToBeijingHour(ctx, 5);
    expect((await ask(ctx, minor.token, 'general')).status).toBe(451);
    advanceToBeijingHour(ctx, 6);
    expect((await ask(ctx, minor.token, 'general')).status).toBe(200);
  });

  it('refuses tips to a minor on the server, before any payment exists', async () => {
    advanceToBeijingHour(ctx, 10);
    const minor = await registerUser(ctx, { birth_year: minorYear() });
    const res = await ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', headers: bearer(minor.token), payload: tip });
    expect([res.statusCode, res.json().message]).toEqual([451, '未成年人模式下不能打赏或购买付费服务']);
    const adult = await registerUser(ctx);
    const ok = await ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', headers: bearer(adult.token), payload: tip });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('needs a guardian verified by SMS code before a child under 14 uses anything', async () => {
    advanceToBeijingHour(ctx, 10);
    const child = await registerUser(ctx, { birth_year: childYear() });
    const refused = await ask(ctx, child.token, 'general');
    expect([refused.status, refused.message]).toEqual([451, '未满14周岁需要监护人同意后才能使用，请在个人中心完成监护人验证']);
    expect((await status(ctx, child.token)).minor).toMatchObject({ band: 'under14', guardian_required: true });

    const own = await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/send-code',
      headers: bearer(child.token),
      payload: { guardian_phone: child.phone },
    });
    expect([own.statusCode, own.json().message]).toEqual([400, '监护人手机号不能是本人的手机号']);

    const guardian = newPhone();
    const sent = await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/send-code',
      headers: bearer(child.token),
      payload: { guardian_phone: guardian },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const wrong = await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/verify',
      headers: bearer(child.token),
      payload: { guardian_phone: guardian, code: '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    const code = await latestCode(ctx, guardian);
    const ok = await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/verify',
      headers: bearer(child.token),
      payload: { guardian_phone: guardian, code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.minor).toMatchObject({
      guardian_required: false,
      guardian_verified: true,
      guardian_phone: `${guardian.slice(0, 3)}****${guardian.slice(7)}`,
    });
    expect((await ask(ctx, child.token, 'general')).status).toBe(200);
  });

  it('leaves minor mode only with the guardian on file verifying again', async () => {
    advanceToBeijingHour(ctx, 10);
    const child = await registerUser(ctx, { birth_year: childYear() });
    const guardian = newPhone();
    await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/send-code',
      headers: bearer(child.token),
      payload: { guardian_phone: guardian },
    });
    await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/verify',
      headers: bearer(child.token),
      payload: { guardian_phone: guardian, code: await latestCode(ctx, guardian) },
    });
    const put = (payload: object) => ctx.inject({ method: 'PUT', url: '/api/account/age', headers: bearer(child.token), payload });

    const alone = await put({ birth_year: 1990 });
    expect([alone.statusCode, alone.json().message]).toEqual([400, '修改出生年份或退出未成年人模式需要监护人验证']);
    const someoneElse = newPhone();
    const other = await put({ birth_year: 1990, guardian_phone: someoneElse, guardian_code: '123456' });
    expect([other.statusCode, other.json().message]).toEqual([400, '请使用已登记的监护人手机号验证']);

    ctx.advance(61_000);
    await ctx.inject({
      method: 'POST',
      url: '/api/account/guardian/send-code',
      headers: bearer(child.token),
      payload: { guardian_phone: guardian },
    });
    const left = await put({ birth_year: 1990, guardian_phone: guardian, guardian_code: await latestCode(ctx, guardian) });
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json().data.minor).toMatchObject({ active: false, band: 'adult' });
    const paid = await ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', headers: bearer(child.token), payload: tip });
    expect(paid.statusCode).toBe(200);
  });

  it('lets an adult enter minor mode by declaring a year, without a guardian, and refuses a year in the future', async () => {
    advanceToBeijingHour(ctx, 10);
    const u = await registerUser(ctx);
    expect((await status(ctx, u.token)).minor).toMatchObject({ active: false, band: null });
    const future = await ctx.inject({
      method: 'PUT',
      url: '/api/account/age',
      headers: bearer(u.token),
      payload: { birth_year: beijingYear(ctx) + 1 },
    });
    expect([future.statusCode, future.json().message]).toEqual([400, '请选择正确的出生年份']);
    const res = await ctx.inject({
      method: 'PUT',
      url: '/api/account/age',
      headers: bearer(u.token),
      payload: { birth_year: minorYear() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.minor).toMatchObject({ active: true, band: 'minor' });
    const tipRes = await ctx.inject({ method: 'POST', url: '/api/reward/wechat-pay', headers: bearer(u.token), payload: tip });
    expect(tipRes.statusCode).toBe(451);
  });
});

describe.each(dbTargets)('minor mode daily cap on %s', (target) => {
  const ctx = useTestApp(target, { env: { ...env, MINOR_DAILY_MINUTES: '2' } });

  it('counts use across turns and heartbeats and stops a minor at the cap until the next day', async () => {
    advanceToBeijingHour(ctx, 10);
    const { token } = await registerUser(ctx, { birth_year: beijingYear(ctx) - 16 });
    expect((await ask(ctx, token, 'general')).status).toBe(200);
    ctx.advance(61_000);
    await status(ctx, token, true);
    ctx.advance(61_000);
    expect((await status(ctx, token, true)).minor.used_minutes_today).toBe(2);
    const r = await ask(ctx, token, 'general');
    expect([r.status, r.message]).toEqual([451, '未成年人模式下今日使用时长已达上限，明天再来吧']);
    advanceToBeijingHour(ctx, 10);
    expect((await ask(ctx, token, 'general')).status).toBe(200);
  });
});
