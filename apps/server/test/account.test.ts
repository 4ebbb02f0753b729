import { describe, expect, it } from 'vitest';
import { useTestApp } from './support/app';
import { dbTargets } from './support/databases';
import { bearer, newPhone, registerUser, sendCode } from './support/users';
import { findEverywhere, seedPersonalData } from './support/wechat-personal-data';
import { FakeBrowser, confirmOnPhone, newPersona, useListening } from './support/wechat-browser';

describe.each(dbTargets)('personal data export and account deletion on %s', (target) => {
  const ctx = useTestApp(target);
  const where = useListening(ctx);
  const db = () => ctx.database.db;

  /** A user with a referrer, an invitee, two sessions, consent, a contact message and rows in every other area. */
  async function richUser() {
    const referrer = await registerUser(ctx, { name: '推荐人甲' });
    const u = await registerUser(ctx, { name: '赵六', referrer_id: referrer.phone });
    const invitee = await registerUser(ctx, { name: '被邀请人', referrer_id: u.phone });
    const second = await ctx.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { phone: u.phone, password: u.password, policy_version: '2026-11-01' },
    });
    await ctx.inject({
      method: 'POST',
      url: '/api/support/contact',
      headers: bearer(u.token),
      payload: { name: '赵六', phone: u.phone, subject: '咨询', message: '请问如何开票？' },
    });
    const seeded = await seedPersonalData(db(), u.user.id, u.phone);
    return { referrer, u, invitee, secondToken: second.json().token as string, ...seeded };
  }

  it('exports everything held about the user as a JSON download', async () => {
    const { u, referrer, invitee, sessionId, orderId, serviceOrderId, deepSessionId } = await richUser();
    const res = await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lingxi-my-data-\d{8}\.json"$/);
    const { data } = res.json();
    expect(data.account).toMatchObject({ id: u.user.id, phone: u.phone, name: '赵六', referrer_phone: referrer.phone, has_password: true });
    expect(data.account).not.toHaveProperty('password_hash');
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toHaveProperty('ip');
    expect(data.sessions[0]).not.toHaveProperty('id');
    expect(data.wechat_identities).toMatchObject([{ appid: 'wx_test_app', nickname: '微信用户·测试' }]);
    expect(data.referrer).toMatchObject({
      referrer_phone: referrer.phone,
      referrals: [{ username: '被邀请人', phone: `${invitee.phone.slice(0, 3)}****${invitee.phone.slice(-4)}` }],
    });
    expect(data.chats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: sessionId,
          session_name: '我的事业咨询',
          messages: [
            expect.objectContaining({ role: 'user', content: '我明年适合换工作吗？' }),
            expect.objectContaining({ role: 'assistant' }),
          ],
        }),
        expect.objectContaining({ id: deepSessionId, session_name: '八字深度解读' }),
      ]),
    );
    expect(data.service_orders).toMatchObject([{ order_id: serviceOrderId, service_type: 'bazi', replies: 20 }]);
    expect(data.service_orders[0].no_refund_consent_at).toBeTruthy();
    expect(data.deep_entitlements).toMatchObject([
      { order_id: serviceOrderId, session_id: deepSessionId, replies_total: 20, replies_left: 12, summary: '你关心的是事业方向。' },
    ]);
    expect(data.bazi_charts).toMatchObject([{ input: { year: 1990, birth_place: '北京市北京市' } }]);
    expect(data.chat_usage_days).toMatchObject([{ day: '2026-11-20', tokens: 363 }]);
    expect(data.payment_orders).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: orderId, amount_fen: 500, status: 'paid', purpose: 'tip' }),
        expect.objectContaining({ id: serviceOrderId, amount_fen: 990, purpose: 'service' }),
      ]),
    );
    expect(data.tips).toMatchObject([{ order_id: orderId, amount_fen: 500 }]);
    expect(data.consent_records).toMatchObject([{ scene: 'login:phone', policy_version: '2026-11-01' }]);
    expect(data.sms_log.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(data.sms_log)).not.toContain('code_hash');
    expect(data.contact_messages).toMatchObject([{ subject: '咨询', message: '请问如何开票？' }]);
    // Every row is the person's own: no other account's id appears anywhere in the file.
    expect(res.body).not.toContain(referrer.user.id);
    expect(res.body).not.toContain(invitee.user.id);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(res.body)));
    expect((await ctx.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });

  it('deletes the account with an SMS code: every token stops working and no table keeps the id or phone, except anonymous payments', async () => {
    const { u, invitee, referrer, secondToken, orderId, serviceOrderId } = await richUser();
    // The scan below sees the data where it lives before deletion, so an empty result afterwards means something.
    expect(await findEverywhere(db(), u.user.id)).toEqual(
      expect.arrayContaining(['users.id', 'chat_messages.user_id', 'bazi_charts.user_id', 'tips.user_id', 'auth_sessions.user_id']),
    );
    expect(await findEverywhere(db(), u.phone)).toEqual(
      expect.arrayContaining([
        'users.phone',
        'users.referrer_phone',
        'payment_orders.user_phone',
        'sms_codes.phone',
        'contact_messages.phone',
      ]),
    );
    ctx.advance(61_000);
    const wrong = await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: { code: '12345' } });
    expect(wrong.json().message).toBe('验证码为6位数字');
    const code = await sendCode(ctx, u.phone, 'delete');
    const res = await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: { code } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: '账号已注销，您的个人信息已删除' });

    for (const token of [u.token, secondToken]) {
      expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    }
    expect(await findEverywhere(db(), u.user.id)).toEqual([]);
    expect(await findEverywhere(db(), u.phone)).toEqual([]);

    // Kept as the law requires, without anyone attached.
    const order = await db().query.paymentOrders.findFirst({ where: (o, { eq }) => eq(o.id, orderId) });
    expect(order).toMatchObject({ userId: null, userPhone: null, amountFen: 500, status: 'paid' });
    expect(await db().query.tips.findFirst({ where: (t, { eq }) => eq(t.orderId, orderId) })).toMatchObject({
      userId: null,
      userPhone: null,
      amountFen: 500,
    });
    // A paid service keeps its payment record and what was bought, without the person; the deep session goes.
    expect(await db().query.serviceOrders.findFirst({ where: (o, { eq }) => eq(o.orderId, serviceOrderId) })).toMatchObject({
      userId: null,
      serviceType: 'bazi',
      replies: 20,
    });
    expect(await db().query.paymentOrders.findFirst({ where: (o, { eq }) => eq(o.id, serviceOrderId) })).toMatchObject({
      userId: null,
      userPhone: null,
      amountFen: 990,
    });
    expect(await db().query.deepEntitlements.findMany({ where: (e, { eq }) => eq(e.orderId, serviceOrderId) })).toEqual([]);
    // Others keep their accounts; the invitee just has no referrer any more.
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(invitee.token) })).json().data.referrer_id).toBeNull();
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(referrer.token) })).statusCode).toBe(200);
    // The phone can register again from scratch.
    ctx.advance(61_000);
    const again = await registerUser(ctx, { phone: u.phone });
    expect(again.user.id).not.toBe(u.user.id);
  });

  it('exports and erases only what is the person’s: a stranger’s consent or an anonymous message naming the phone stays theirs', async () => {
    const u = await registerUser(ctx, { name: '钱七' });
    // A stranger asks for a code to this number (consent recorded with their address and browser) …
    ctx.advance(61_000);
    const strangerUa = 'StrangerBrowser/1.0 (someone else)';
    await ctx.inject({
      method: 'POST',
      url: '/api/auth/send-sms-code',
      headers: { 'user-agent': strangerUa },
      payload: { phone: u.phone, type: 'login', policy_version: '2026-11-01' },
    });
    // … and an anonymous visitor leaves a message that names it.
    await ctx.inject({
      method: 'POST',
      url: '/api/support/contact',
      payload: { name: '匿名访客', phone: u.phone, subject: '举报', message: '这个号码在骚扰我' },
    });
    const res = await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(u.token) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(strangerUa);
    expect(res.body).not.toContain('这个号码在骚扰我');
    expect(res.json().data.consent_records).toEqual([]);
    expect(res.json().data.contact_messages).toEqual([]);
    // The SMS log is about the number, but who asked is not shown (it may be anyone).
    expect(res.json().data.sms_log.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(res.json().data.sms_log)).not.toMatch(/"ip"/);

    ctx.advance(61_000);
    const code = await sendCode(ctx, u.phone, 'delete');
    expect((await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: { code } })).statusCode).toBe(
      200,
    );
    // Their rows stay; only the number leaves them.
    const consent = await db().query.consentRecords.findFirst({ where: (c, { eq }) => eq(c.userAgent, strangerUa) });
    expect(consent).toMatchObject({ scene: 'send-sms-code:login', phone: null });
    const note = await db().query.contactMessages.findFirst({ where: (c, { eq }) => eq(c.message, '这个号码在骚扰我') });
    expect(note).toMatchObject({ name: '匿名访客', phone: `${u.phone.slice(0, 3)}****${u.phone.slice(-4)}` });
    expect(await findEverywhere(db(), u.phone)).toEqual([]);
  });

  it('erases the WeChat identity everywhere: identities, QR states by openid and unionid, a consumed ticket keeps nothing', async () => {
    const persona = newPersona();
    const login = async () => {
      const b = new FakeBrowser(() => where.base);
      const qr = await b.createQr();
      await new FakeBrowser(() => where.base).open(await confirmOnPhone(qr.data.qr_code_url, persona));
      const ticket = (await b.status(qr.qr_code_id)).body.code;
      const res = await b.fetch('/api/auth/unified-login', { method: 'POST', json: { login_type: 'wechat', code: ticket } });
      return { qr, body: await res.json() };
    };
    const first = await login();
    const state = (id: string) => db().query.wechatQrStates.findFirst({ where: (q, { eq }) => eq(q.id, id) });
    // The sign-in consumed the ticket and, in the same statement, dropped the WeChat profile the state held.
    expect(await state(first.qr.qr_code_id)).toMatchObject({ result: null, consumedAt: expect.any(Date) });

    const phone = newPhone();
    const bindCode = await sendCode(ctx, phone, 'bind');
    const bound = await ctx.inject({
      method: 'POST',
      url: '/api/auth/bind-phone',
      payload: { phone, password: '', code: bindCode, token: first.body.token },
    });
    expect(bound.statusCode, bound.body).toBe(200);
    const token = bound.json().token as string;
    const [identity] = await db().query.wechatIdentities.findMany({ where: (i, { eq }) => eq(i.userId, first.body.user_info.id) });
    if (!identity?.unionid) throw new Error('the sandbox persona has a unionid');

    // A second scan of the same WeChat, confirmed but never collected: the state holds the profile until it expires.
    const pending = new FakeBrowser(() => where.base);
    const qr2 = await pending.createQr();
    await new FakeBrowser(() => where.base).open(await confirmOnPhone(qr2.data.qr_code_url, persona));
    expect((await state(qr2.qr_code_id))?.result).toMatchObject({ profile: { openid: identity.openid } });

    const exported = (await ctx.inject({ method: 'GET', url: '/api/account/export', headers: bearer(token) })).json().data;
    expect(exported.wechat_identities).toMatchObject([{ openid: identity.openid, unionid: identity.unionid, nickname: identity.nickname }]);
    expect(exported.wechat_qr_states).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'scanned', result: expect.objectContaining({ profile: expect.anything() }) }),
      ]),
    );
    expect(JSON.stringify(exported.wechat_qr_states)).not.toMatch(/creator_key|"ticket"/);

    ctx.advance(61_000);
    const code = await sendCode(ctx, phone, 'delete');
    expect((await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(token), payload: { code } })).statusCode).toBe(
      200,
    );
    for (const needle of [identity.openid, identity.unionid, first.body.user_info.id, phone]) {
      expect(await findEverywhere(db(), needle), needle).toEqual([]);
    }
    expect(await state(qr2.qr_code_id)).toBeUndefined();
  });

  it('refuses deletion with a wrong or missing code and keeps the account', async () => {
    const u = await registerUser(ctx);
    ctx.advance(61_000);
    await sendCode(ctx, u.phone, 'delete');
    const wrong = await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/^验证码错误/);
    const missing = await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(u.token), payload: {} });
    expect(missing.json().message).toBe('请输入验证码');
    expect((await ctx.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(u.token) })).statusCode).toBe(200);
    expect((await ctx.inject({ method: 'POST', url: '/api/account/delete', payload: { code: '123456' } })).statusCode).toBe(401);
  });

  it('asks a WeChat-only account to bind a phone before it can confirm deletion', async () => {
    const b = new FakeBrowser(() => where.base);
    const qr = await b.createQr();
    await new FakeBrowser(() => where.base).open(await confirmOnPhone(qr.data.qr_code_url, 'xiaomei'));
    const ticket = (await b.status(qr.qr_code_id)).body.code;
    const login = await (await b.fetch('/api/auth/unified-login', { method: 'POST', json: { login_type: 'wechat', code: ticket } })).json();
    const res = await ctx.inject({ method: 'POST', url: '/api/account/delete', headers: bearer(login.token), payload: { code: '123456' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('请先绑定手机号，以便通过短信验证码确认注销');
  });
});
