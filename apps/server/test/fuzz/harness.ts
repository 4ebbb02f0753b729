import type { AddressInfo } from 'node:net';
import { buildApp } from '../../src/app';
import { openDatabase } from '../../src/db/client';
import { testConfig } from '../support/app';

/**
 * A real server on 127.0.0.1 with limits high enough that the fuzzer reaches validation instead of a 429,
 * plus a signed-in user so authenticated paths are fuzzed too.
 */
export async function startFuzzTarget() {
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp({
    config: testConfig({ TRUST_PROXY: 'true', RATE_LIMIT_AUTH_PER_MINUTE: '1000000', SMS_IP_HOURLY_LIMIT: '1000000' }),
    database,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const doc = await (await fetch(`${baseUrl}/api/docs/json`)).json();

  const phone = '13700000042';
  await fetch(`${baseUrl}/api/auth/send-sms-code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ phone, type: 'register' }),
  });
  const code = (await (await fetch(`${baseUrl}/api/sandbox/sms?phone=${phone}`)).json()).data.code;
  const reg = await (
    await fetch(`${baseUrl}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '模糊测试', phone, code, password: 'fuzz-secret', confirmPassword: 'fuzz-secret' }),
    })
  ).json();
  return {
    baseUrl,
    doc,
    token: reg.token as string,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
