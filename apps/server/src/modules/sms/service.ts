import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { SMS_CODE_TTL_SECONDS, SMS_DAILY_LIMIT_PER_PHONE, SMS_MAX_ATTEMPTS, maskPhone, type SmsCodePurpose } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, tooMany } from '../../lib/errors';
import type { SmsProvider } from './providers/types';
import { SmsSendError, type SmsNotice } from './providers/types';
import type { SmsRepository } from './repository';

export interface SmsServiceDeps {
  repo: SmsRepository;
  provider: SmsProvider;
  pepper: string;
  ipHourlyLimit: number;
  /** One code per phone per this many seconds (spec: 60; SMS_RESEND_SECONDS). */
  resendSeconds: number;
  now: () => Date;
  log: FastifyBaseLogger;
}

const HOUR = 3600_000;

export function createSmsService(d: SmsServiceDeps) {
  // Codes are stored as an HMAC bound to phone and purpose: a leaked table yields no usable code.
  const digest = (phone: string, purpose: string, code: string) =>
    createHmac('sha256', d.pepper).update(`${phone}|${purpose}|${code}`).digest('hex');

  return {
    async send(phone: string, purpose: SmsCodePurpose, ip: string) {
      const now = d.now();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const id = await d.repo.withPhoneLock(phone, async (tx) => {
        const last = await d.repo.lastSentAt(tx, phone);
        if (last) {
          const wait = Math.ceil(d.resendSeconds - (now.getTime() - last.getTime()) / 1000);
          if (wait > 0) throw tooMany(`请${wait}秒后再试`, { cooldown_seconds: wait, retryAfter: wait });
        }
        if ((await d.repo.countForPhoneSince(tx, phone, new Date(now.getTime() - 24 * HOUR))) >= SMS_DAILY_LIMIT_PER_PHONE) {
          throw tooMany('该手机号今日获取验证码次数已达上限，请明天再试');
        }
        if ((await d.repo.countForIpSince(tx, ip, new Date(now.getTime() - HOUR))) >= d.ipHourlyLimit) {
          throw tooMany('验证码发送过于频繁，请稍后再试');
        }
        return d.repo.insert(tx, {
          phone,
          purpose,
          codeHash: digest(phone, purpose, code),
          ip,
          createdAt: now,
          expiresAt: new Date(now.getTime() + SMS_CODE_TTL_SECONDS * 1000),
        });
      });
      try {
        await d.provider.sendCode(phone, code, purpose);
      } catch (err) {
        // A code that never left must not count against the user's cooldown or daily quota.
        await d.repo.withPhoneLock(phone, (tx) => d.repo.deleteById(tx, id));
        d.log.warn({ phone: maskPhone(phone), provider: d.provider.name, err: (err as Error).message }, 'sms send failed');
        if (err instanceof SmsSendError) throw new AppError(400, err.message, 'SMS_REFUSED');
        throw new AppError(502, '短信发送失败，请稍后重试', 'SMS_FAILED');
      }
      d.log.info({ phone: maskPhone(phone), purpose, provider: d.provider.name }, 'sms code sent');
      return { cooldown_seconds: d.resendSeconds, expires_in: SMS_CODE_TTL_SECONDS };
    },

    /** A message that is not a code (the emergency contact's alert); the caller bounds how often and logs the send. */
    async notify(phone: string, notice: SmsNotice) {
      try {
        await d.provider.sendNotice(phone, notice);
      } catch (err) {
        d.log.warn(
          { phone: maskPhone(phone), kind: notice.kind, provider: d.provider.name, err: (err as Error).message },
          'sms notice failed',
        );
        if (err instanceof SmsSendError) throw new AppError(400, err.message, 'SMS_REFUSED');
        throw new AppError(502, '短信发送失败，请稍后重试', 'SMS_FAILED');
      }
      d.log.info({ phone: maskPhone(phone), kind: notice.kind, provider: d.provider.name }, 'sms notice sent');
    },

    /**
     * Throws a 400 with a Chinese message unless `code` is the live code for this phone and purpose; consumes it.
     * Every use of a code (register, login, bind phone, account deletion) comes through here. The try is reserved
     * before the comparison, so concurrent guesses cannot outrun the limit (issue 12: 200 at once reached 111 tries).
     */
    async verify(phone: string, purpose: SmsCodePurpose, code: string) {
      const now = d.now();
      const reserved = await d.repo.reserveAttempt(phone, purpose, now, SMS_MAX_ATTEMPTS);
      if (!reserved) {
        const row = await d.repo.latestLive(phone, purpose);
        if (!row || row.expiresAt <= now) throw badRequest('验证码已过期或不存在，请重新获取', 'CODE_EXPIRED');
        if (row.attempts >= SMS_MAX_ATTEMPTS) throw badRequest('验证码错误次数过多，请重新获取', 'CODE_LOCKED');
        throw badRequest('验证码已使用，请重新获取', 'CODE_USED');
      }
      const expected = Buffer.from(reserved.codeHash, 'hex');
      const given = Buffer.from(digest(phone, purpose, code), 'hex');
      if (!timingSafeEqual(expected, given)) {
        const left = SMS_MAX_ATTEMPTS - reserved.attempts;
        throw badRequest(left > 0 ? `验证码错误，还可尝试${left}次` : '验证码错误次数过多，请重新获取', 'CODE_WRONG');
      }
      if (!(await d.repo.consume(reserved.id, now))) throw badRequest('验证码已使用，请重新获取', 'CODE_USED');
    },
  };
}
export type SmsService = ReturnType<typeof createSmsService>;
