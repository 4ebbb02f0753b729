import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { advanceToBeijingHour, ask, newSession, status } from './support/safety';
import { acknowledgeAi, bearer, registerUser } from './support/users';

const env = { LLM_OFFLINE_CHUNK_DELAY_MS: '0', CHAT_RATE_PER_MINUTE: '1000' };
const MIN = 60_000;

describe.each(dbTargets)('AI disclosure and the 2-hour break reminder on %s', (target) => {
  const ctx = useTestApp(target, { env });

  it('asks for the 你正在和AI对话 notice before a companion persona answers, and again after a new sign-in', async () => {
    const u = await registerUser(ctx);
    expect((await status(ctx, u.token)).disclosure_required).toBe(true);
    const first = await ask(ctx, u.token, 'psychology');
    expect([first.status, first.message, first.data]).toEqual([428, '请先确认：你正在和AI对话', { reason: 'disclosure' }]);
    // A knowledge persona is outside the measures' scope: it answers without the notice.
    expect((await ask(ctx, u.token, 'career')).status).toBe(200);

    await acknowledgeAi(ctx, u.token);
    expect((await ask(ctx, u.token, 'psychology')).status).toBe(200);

    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: u.phone, password: u.password } });
    const second = login.json().token as string;
    expect((await status(ctx, second)).disclosure_required).toBe(true);
    expect((await ask(ctx, second, 'emotional')).status).toBe(428);
    // The first sign-in keeps its acknowledgement.
    expect((await ask(ctx, u.token, 'emotional')).status).toBe(200);
  });

  it('reminds after 2 hours of continuous use tracked across devices, and an acknowledged reminder restarts the count', async () => {
    advanceToBeijingHour(ctx, 9);
    const u = await registerUser(ctx);
    await acknowledgeAi(ctx, u.token);
    const login = await ctx.inject({ method: 'POST', url: '/api/auth/login', payload: { phone: u.phone, password: u.password } });
    const phone2 = login.json().token as string;
    const key = await newSession(ctx, u.token, 'general');
    expect((await ask(ctx, u.token, 'general', '你好', key)).status).toBe(200);
    // Use alternates between two devices, ten minutes apart: one streak.
    for (let i = 1; i <= 11; i++) {
      ctx.advance(10 * MIN);
      const s = await status(ctx, i % 2 ? phone2 : u.token, true);
      expect(s.break_due).toBe(false);
    }
    ctx.advance(10 * MIN);
    const due = await status(ctx, phone2, true);
    expect(due).toMatchObject({ break_due: true, continuous_minutes: 120, break_after_minutes: 120 });
    const refused = await ask(ctx, u.token, 'general', '继续', key);
    expect([refused.status, refused.message, refused.data]).toEqual([428, '你已连续使用超过2小时，请先休息一下', { reason: 'break' }]);

    const ack = await ctx.inject({ method: 'POST', url: '/api/safety/acknowledge', headers: bearer(phone2), payload: { kind: 'break' } });
    expect(ack.json().data).toMatchObject({ break_due: false, continuous_minutes: 0 });
    expect((await ask(ctx, u.token, 'general', '继续', key)).status).toBe(200);
    for (let i = 1; i <= 11; i++) {
      ctx.advance(10 * MIN);
      expect((await status(ctx, u.token, true)).break_due).toBe(false);
    }
    ctx.advance(10 * MIN);
    expect((await status(ctx, u.token, true)).break_due).toBe(true);
  });

  it('ends continuous use after a pause of 15 minutes', async () => {
    const u = await registerUser(ctx);
    await status(ctx, u.token, true);
    for (let i = 0; i < 10; i++) {
      ctx.advance(14 * MIN);
      await status(ctx, u.token, true);
    }
    expect((await status(ctx, u.token)).break_due).toBe(true);
    ctx.advance(16 * MIN);
    const after = await status(ctx, u.token, true);
    expect(after).toMatchObject({ break_due: false, continuous_minutes: 0 });
  });
});

describe.each(dbTargets)('the emergency contact on %s', (target) => {
  const ctx = useTestApp(target, { env });
  const sandboxSms = (phone: string) => ctx.inject({ method: 'GET', url: `/api/sandbox/sms?phone=${phone}` });

  it('sends the contact an SMS only after the user confirms on a crisis, logs it, and bounds it', async () => {
    const u = await registerUser(ctx, { name: '小林' });
    await acknowledgeAi(ctx, u.token);
    const contact = '13911112222';
    const set = await ctx.inject({
      method: 'PUT',
      url: '/api/safety/emergency-contact',
      headers: bearer(u.token),
      payload: { name: '妈妈', phone: contact },
    });
    expect(set.json().data.emergency_contact).toEqual({ name: '妈妈', phone: '139****2222' });

    const calm = await newSession(ctx, u.token, 'psychology');
    await ask(ctx, u.token, 'psychology', '今天天气不错', calm);
    const alert = (session_id: string, confirm?: boolean) =>
      ctx.inject({
        method: 'POST',
        url: '/api/safety/emergency-alert',
        headers: bearer(u.token),
        payload: { session_id, ...(confirm === undefined ? {} : { confirm }) },
      });
    const noCrisis = await alert(calm, true);
    expect([noCrisis.statusCode, noCrisis.json().message]).toEqual([400, '当前对话没有需要通知紧急联系人的情况']);

    const key = await newSession(ctx, u.token, 'psychology');
    const crisis = await ask(ctx, u.token, 'psychology', '我真的不想活了', key);
    expect(crisis.status).toBe(200);
    expect(crisis.body).toContain('"crisis":true');
    // The crisis card appeared; nothing was sent on its own.
    expect((await sandboxSms(contact)).statusCode).toBe(404);
    const unconfirmed = await alert(key);
    expect([unconfirmed.statusCode, unconfirmed.json().message]).toEqual([400, '请先确认是否通知紧急联系人']);
    expect((await alert(key, false)).statusCode).toBe(400);
    expect((await sandboxSms(contact)).statusCode).toBe(404);

    const sent = await alert(key, true);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.contact_name).toBe('妈妈');
    const sms = (await sandboxSms(contact)).json().data;
    expect(sms.content).toContain('小林将您设为紧急联系人');
    expect(sms.code).toBeNull();

    const exported = await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(u.token) });
    expect(exported.json().data.emergency_alerts).toEqual([
      expect.objectContaining({ session_id: key, status: 'sent', contact_phone: contact }),
    ]);

    expect((await alert(key, true)).statusCode).toBe(200);
    expect((await alert(key, true)).statusCode).toBe(200);
    const fourth = await alert(key, true);
    expect([fourth.statusCode, fourth.json().message]).toEqual([429, '今天已通知过紧急联系人，请直接打电话联系或拨打12356']);
  });

  it("refuses an alert without a contact, and the user's own number as the contact", async () => {
    const u = await registerUser(ctx);
    const self = await ctx.inject({
      method: 'PUT',
      url: '/api/safety/emergency-contact',
      headers: bearer(u.token),
      payload: { name: '我', phone: u.phone },
    });
    expect([self.statusCode, self.json().message]).toEqual([400, '紧急联系人不能是本人的手机号']);
    const none = await ctx.inject({
      method: 'POST',
      url: '/api/safety/emergency-alert',
      headers: bearer(u.token),
      payload: { session_id: 'x', confirm: true },
    });
    expect([none.statusCode, none.json().message]).toEqual([400, '请先在个人中心设置紧急联系人']);
  });
});
