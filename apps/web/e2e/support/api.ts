import { inject } from 'vitest';
import { e2eServer } from './server';

/** Direct API helpers for test set-up; the flows under test go through the browser. */

let counter = 0;
/** Distinct valid mainland numbers per run (the database is fresh for every run). */
export function nextPhone(): string {
  counter += 1;
  const stamp = String(Date.now() % 1_000_000).padStart(6, '0');
  return `137${stamp}${String(counter).padStart(2, '0')}`;
}

async function post(baseUrl: string, path: string, body: unknown) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} ${res.status}: ${String(json.message)}`);
  return json;
}

interface SandboxSms {
  phone: string;
  code: string;
  sent_at: string;
}

/** The latest code the sandbox SMS provider "sent" to this phone, waiting for one newer than `after`. */
export async function readSmsCode(baseUrl: string, phone: string, after = 0): Promise<SandboxSms> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${baseUrl}/api/sandbox/sms?phone=${phone}`);
    if (res.ok) {
      const { data } = (await res.json()) as { data: SandboxSms | null };
      if (data?.code && Date.parse(data.sent_at) > after) return data;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no sandbox SMS for ${phone}`);
}

/** The server allows one code per phone per SMS_RESEND_SECONDS (a few seconds in this suite); wait out what is left. */
export async function waitForSmsCooldown(baseUrl: string, phone: string): Promise<void> {
  const res = await fetch(`${baseUrl}/api/sandbox/sms?phone=${phone}`);
  if (!res.ok) return;
  const { data } = (await res.json()) as { data: SandboxSms | null };
  if (!data) return;
  const wait = Date.parse(data.sent_at) + inject('smsResendSeconds') * 1000 + 500 - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/** `extra`: more of the register body (e.g. birth_year). */
export async function registerViaApi(
  baseUrl: string,
  phone: string,
  name: string,
  password = 'secret123',
  extra: Record<string, unknown> = {},
) {
  const before = Date.now() - 1000;
  await post(baseUrl, '/auth/send-sms-code', { phone, type: 'register' });
  const { code } = await readSmsCode(baseUrl, phone, before);
  const res = await post(baseUrl, '/auth/register', { name, phone, code, password, confirmPassword: password, ...extra });
  return { token: String(res.token), password };
}

/**
 * The one admin account of the run (ADMIN_PHONES): whichever spec needs it first registers it, later ones sign in,
 * so specs do not depend on their order.
 */
export async function adminToken(baseUrl: string, adminPhone: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ phone: adminPhone, password: 'secret123' }),
  });
  if (login.ok) return String(((await login.json()) as { token: string }).token);
  return (await registerViaApi(baseUrl, adminPhone, '管理员')).token;
}

/**
 * What a `?token=` address carries for a signed-in session: a one-time sign-in ticket made with its bearer token (issue
 * 12 item 5; a bearer token in the address signs no one in any more). Good for one visit within two minutes.
 */
export async function signInTicket(token: string, baseUrl: string = e2eServer()): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-in-ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  const json = (await res.json()) as { data?: { ticket?: string }; message?: string };
  if (!res.ok || !json.data?.ticket) throw new Error(`sign-in-ticket ${res.status}: ${String(json.message)}`);
  return json.data.ticket;
}
