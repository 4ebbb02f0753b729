import { describe, expect, it } from 'vitest';
import { dbTargets } from './support/databases';
import { useInstances } from './support/instances';
import { until } from './support/until';
import { newPhone } from './support/users';

/**
 * 忘记密码 (issue 19): a code of type reset with the login code's rules, a new password, every other session of the
 * account ended on every instance, and the person signed in. Two instances on one database, as behind the proxy.
 */
describe.each(dbTargets)('password reset on %s', (target) => {
  const inst = useInstances(target, 2);
  const call = async (i: number, path: string, body?: object, token?: string) => {
    const res = await fetch(`${inst.bases[i]}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, body: await res.json() };
  };
  const codeFor = async (phone: string) => (await call(0, `/api/sandbox/sms?phone=${phone}`)).body.data.code as string;
  const register = async () => {
    const phone = newPhone();
    expect((await call(0, '/api/auth/send-sms-code', { phone, type: 'register' })).status).toBe(200);
    const body = { name: '重置用户', phone, code: await codeFor(phone), password: 'oldpass1', confirmPassword: 'oldpass1' };
    const res = await call(0, '/api/auth/register', body);
    expect(res.status).toBe(200);
    inst.advance(61_000);
    return { phone, token: res.body.token as string };
  };
  const sendReset = (phone: string) => call(0, '/api/auth/send-sms-code', { phone, type: 'reset' });

  it('resets the password, ends the sessions on both instances and signs the person in', async () => {
    const { phone, token } = await register();
    const second = await call(1, '/api/auth/unified-login', { login_type: 'phone', phone, password: 'oldpass1' });
    expect(second.status).toBe(200);
    // Both sessions are in use (and cached) on both instances.
    for (const t of [token, second.body.token])
      for (const i of [0, 1]) expect((await call(i, '/api/auth/me', undefined, t)).status).toBe(200);

    expect((await sendReset(phone)).status).toBe(200);
    const reset = await call(0, '/api/auth/reset-password', {
      phone,
      code: await codeFor(phone),
      password: 'newpass1',
      confirmPassword: 'newpass1',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toMatchObject({ success: true, message: '密码已重置', user_info: { phone } });

    for (const t of [token, second.body.token])
      for (const i of [0, 1]) {
        const gone = await until(
          () => call(i, '/api/auth/me', undefined, t),
          (r) => r.status === 401,
          2000,
        );
        expect(gone.status).toBe(401);
      }
    expect((await call(1, '/api/auth/me', undefined, reset.body.token)).status).toBe(200);
    const oldPw = await call(1, '/api/auth/unified-login', { login_type: 'phone', phone, password: 'oldpass1' });
    expect(oldPw.body.message).toBe('密码错误');
    expect((await call(1, '/api/auth/unified-login', { login_type: 'phone', phone, password: 'newpass1' })).status).toBe(200);
  });

  it('applies the login code rules: unknown phone, cooldown, wrong tries, a code of another type, validation', async () => {
    const unknown = await sendReset(newPhone());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('用户未注册，请先注册');

    const { phone } = await register();
    expect((await sendReset(phone)).status).toBe(200);
    const again = await sendReset(phone);
    expect(again.status).toBe(429);
    expect(again.body.message).toMatch(/^请\d+秒后再试$/);

    const body = (code: string, over: object = {}) => ({ phone, code, password: 'newpass1', confirmPassword: 'newpass1', ...over });
    const cases: [object, string][] = [
      [body('12ab56'), '验证码为6位数字'],
      [body('123456', { password: '123', confirmPassword: '123' }), '密码至少6位'],
      [body('123456', { confirmPassword: '' }), '请确认密码'],
      [body('123456', { confirmPassword: 'other123' }), '两次密码不一致'],
      [body('123456', { phone: '' }), '请输入手机号'],
    ];
    for (const [payload, message] of cases) {
      const res = await call(0, '/api/auth/reset-password', payload);
      expect(res.status, JSON.stringify(payload)).toBe(400);
      expect(res.body.message).toBe(message);
    }

    const right = await codeFor(phone);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      expect((await call(0, '/api/auth/reset-password', body(wrong))).body.message).toBe(`验证码错误，还可尝试${left}次`);
    }
    expect((await call(0, '/api/auth/reset-password', body(wrong))).body.message).toBe('验证码错误次数过多，请重新获取');
    expect((await call(0, '/api/auth/reset-password', body(right))).body.message).toBe('验证码错误次数过多，请重新获取');

    // A login code is not a reset code.
    const other = await register();
    expect((await call(0, '/api/auth/send-sms-code', { phone: other.phone, type: 'login' })).status).toBe(200);
    const crossed = await call(0, '/api/auth/reset-password', { ...body(await codeFor(other.phone)), phone: other.phone });
    expect(crossed.status).toBe(400);
    expect(crossed.body.message).toBe('验证码已过期或不存在，请重新获取');
    expect((await call(0, '/api/auth/unified-login', { login_type: 'phone', phone: other.phone, password: 'oldpass1' })).status).toBe(200);
  });
});
