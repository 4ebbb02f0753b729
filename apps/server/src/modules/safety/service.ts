import { maskPhone, SAFETY_MSG, type DeclareAgeBody, type EmergencyContactBody, type SafetyStatus } from '@lingxi/shared';
import { MINOR_NIGHT_END_HOUR, MINOR_NIGHT_START_HOUR } from '@lingxi/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, tooMany } from '../../lib/errors';
import type { SqlCall } from '../../db/together';
import type { ModerationService } from '../moderation';
import type { SmsService } from '../sms';
import type { SafetyConfig } from './config';
import type { GateState, SafetyRepository } from './repository';
import { ageBand, beijingYear, breakDue, continuousMinutes, isMinorBand, isMinorNight } from './rules';

/** The gate's verdict for a turn, once its persona is known: throws when the turn may not go on. */
export type TurnGateCheck = (persona: PersonaSafety) => void;

/** What the chat tells the gate about the persona of a turn. */
export interface PersonaSafety {
  /** Virtual partner or relationship personas: refused in minor mode (姻缘情感, 情感支持). */
  intimate: boolean;
  /** Emotional companion personas: the 你正在和AI对话 notice is acknowledged once per sign-in before use. */
  companion: boolean;
}

const chinaDay = (at: Date) => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
const minorRefusal = (message: string, code: string) => new AppError(451, message, code);
// 428: the client must first show and confirm something; `reason` tells it which (disclosure, break).
const needsAck = (message: string, reason: 'disclosure' | 'break') =>
  new AppError(428, message, reason === 'break' ? 'BREAK_DUE' : 'DISCLOSURE_REQUIRED', { reason });

/**
 * The rules of minor mode, AI disclosure, breaks and the emergency contact, all enforced here on the server. The chat
 * turn asks `turnGate` before anything reaches the model; the payment paths call `assertMayPay` before a payment exists.
 */
export function createSafetyService(d: {
  repo: SafetyRepository;
  sms: SmsService;
  moderation: ModerationService;
  config: SafetyConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}) {
  const { config: cfg } = d;

  const gateQuery = (userId: string, authSessionId: string | null, track: boolean, now: Date) => ({
    userId,
    authSessionId,
    now,
    day: chinaDay(now),
    idleGapSeconds: cfg.idleGapSeconds,
    track,
  });
  const read = (userId: string, authSessionId: string | null, track: boolean, now = d.now()) =>
    d.repo.gate(gateQuery(userId, authSessionId, track, now));

  /** Minor-mode refusals that hold whatever the persona: guardian consent, the night lock, the daily cap. */
  function minorUse(s: GateState, now: Date) {
    const band = ageBand(s.birthYear, now);
    if (band === 'under14' && !s.guardianVerified) throw minorRefusal(SAFETY_MSG.guardianRequired, 'GUARDIAN_REQUIRED');
    if (!isMinorBand(band)) return false;
    if (isMinorNight(now)) throw minorRefusal(SAFETY_MSG.minorNight, 'MINOR_NIGHT');
    if (s.daySeconds >= cfg.minorDailyMinutes * 60) throw minorRefusal(SAFETY_MSG.minorTimeCap, 'MINOR_TIME_CAP');
    return true;
  }

  /** What the chat may not do now with a persona like this: throws the 451 or 428, in the rules' order. */
  function check(s: GateState, now: Date, persona: PersonaSafety): void {
    const minor = minorUse(s, now);
    if (minor && persona.intimate) throw minorRefusal(SAFETY_MSG.minorPersona, 'MINOR_PERSONA');
    if (breakDue(s, now, cfg.breakMinutes)) throw needsAck(SAFETY_MSG.breakDue, 'break');
    if (persona.companion && !s.disclosureAcked) throw needsAck(SAFETY_MSG.disclosureRequired, 'disclosure');
  }

  function toStatus(s: GateState, settings: Awaited<ReturnType<SafetyRepository['settings']>>, now: Date): SafetyStatus {
    const band = ageBand(s.birthYear, now);
    const continuous = continuousMinutes(s, now);
    return {
      minor: {
        active: isMinorBand(band),
        birth_year: s.birthYear,
        band,
        guardian_required: band === 'under14' && !s.guardianVerified,
        guardian_verified: s.guardianVerified,
        guardian_phone: settings?.guardianPhone ? maskPhone(settings.guardianPhone) : null,
        daily_minutes: cfg.minorDailyMinutes,
        used_minutes_today: Math.floor(s.daySeconds / 60),
        night_start_hour: MINOR_NIGHT_START_HOUR,
        night_end_hour: MINOR_NIGHT_END_HOUR,
      },
      disclosure_required: !s.disclosureAcked,
      break_due: breakDue(s, now, cfg.breakMinutes),
      continuous_minutes: continuous,
      break_after_minutes: cfg.breakMinutes,
      emergency_contact:
        settings?.emergencyName && settings.emergencyPhone
          ? { name: settings.emergencyName, phone: maskPhone(settings.emergencyPhone) }
          : null,
    };
  }

  /** The guardian's code: to the guardian on file when there is one, else to the number given (not the user's own). */
  async function verifyGuardianCode(user: UserRow, phone: string, code: string) {
    const settings = await d.repo.settings(user.id);
    if (settings?.guardianPhone && settings.guardianVerifiedAt && settings.guardianPhone !== phone) {
      throw badRequest('请使用已登记的监护人手机号验证');
    }
    if (phone === user.phone) throw badRequest('监护人手机号不能是本人的手机号');
    await d.sms.verify(phone, 'guardian', code);
  }

  return {
    /**
     * Before a chat turn reaches the model, as one part of the turn's first round trip (db/together.ts): the call
     * counts the use and reads the rules' inputs; its value is the check, run once the session's persona is known. It
     * refuses (451) what minor mode forbids and asks (428) for the break reminder or the AI notice to be acknowledged.
     */
    turnGate(userId: string, authSessionId: string, now: Date): SqlCall<TurnGateCheck> {
      const call = d.repo.gateCall(gateQuery(userId, authSessionId, true, now));
      return { ...call, read: (rows) => (persona) => check(call.read(rows), now, persona) };
    },

    /** Tips and paid services: refused on the server in minor mode (and before a guardian consented, under 14). */
    async assertMayPay(userId: string): Promise<void> {
      const s = await read(userId, null, false);
      if (isMinorBand(ageBand(s.birthYear, d.now()))) throw minorRefusal(SAFETY_MSG.minorPayment, 'MINOR_PAYMENT');
    },

    /** GET status reads; the chat page's heartbeat (`track`) also counts the time as use. */
    async status(user: UserRow, authSessionId: string, track: boolean): Promise<SafetyStatus> {
      const now = d.now();
      const [s, settings] = [await read(user.id, authSessionId, track, now), await d.repo.settings(user.id)];
      return toStatus(s, settings, now);
    },

    /** The break reminder's confirmation also repeats the AI notice, so it counts as that acknowledgement too. */
    async acknowledge(user: UserRow, authSessionId: string, kind: 'disclosure' | 'break'): Promise<SafetyStatus> {
      const now = d.now();
      if (kind === 'break') await d.repo.acknowledgeBreak(user.id, now);
      await d.repo.acknowledgeDisclosure(user.id, authSessionId, now);
      return this.status(user, authSessionId, false);
    },

    /** Registration's optional birth year. */
    async declareAtRegistration(userId: string, birthYear: number | null | undefined): Promise<void> {
      if (birthYear === null || birthYear === undefined) return;
      const now = d.now();
      if (birthYear > beijingYear(now)) throw badRequest(SAFETY_MSG.birthYearInvalid);
      await d.repo.saveSettings(userId, { birthYear, ageDeclaredAt: now }, now);
    },

    /**
     * PUT /account/age. Entering minor mode is always allowed; once in it, any change of the year (leaving it
     * included) needs the guardian's code, and under 14 the guardian's consent before anything is used.
     */
    async declareAge(user: UserRow, b: DeclareAgeBody, authSessionId: string): Promise<SafetyStatus> {
      const now = d.now();
      if (b.birth_year > beijingYear(now) || beijingYear(now) - b.birth_year > 120) throw badRequest(SAFETY_MSG.birthYearInvalid);
      const settings = await d.repo.settings(user.id);
      const current = settings?.birthYear ?? null;
      const guardianGiven = !!(b.guardian_phone && b.guardian_code);
      if (current !== b.birth_year) {
        if (isMinorBand(ageBand(current, now))) {
          if (!b.guardian_phone || !b.guardian_code) throw new AppError(400, SAFETY_MSG.guardianForChange, 'GUARDIAN_CODE_REQUIRED');
          await verifyGuardianCode(user, b.guardian_phone, b.guardian_code);
        } else if (guardianGiven) {
          await verifyGuardianCode(user, b.guardian_phone as string, b.guardian_code as string);
        }
        const verified = guardianGiven ? { guardianPhone: b.guardian_phone, guardianVerifiedAt: now } : { guardianVerifiedAt: null };
        await d.repo.saveSettings(user.id, { birthYear: b.birth_year, ageDeclaredAt: now, ...verified }, now);
        d.log.info({ user: user.id, band: ageBand(b.birth_year, now), guardian: guardianGiven }, 'safety: age declared');
      }
      return this.status(user, authSessionId, false);
    },

    async sendGuardianCode(user: UserRow, phone: string, ip: string) {
      const settings = await d.repo.settings(user.id);
      if (!isMinorBand(ageBand(settings?.birthYear ?? null, d.now()))) throw badRequest('当前账号无需监护人验证');
      if (phone === user.phone) throw badRequest('监护人手机号不能是本人的手机号');
      if (settings?.guardianPhone && settings.guardianVerifiedAt && settings.guardianPhone !== phone) {
        throw badRequest('请使用已登记的监护人手机号验证');
      }
      return d.sms.send(phone, 'guardian', ip);
    },

    /** The guardian's consent (under 14), proven by the code sent to the guardian's phone. */
    async verifyGuardian(user: UserRow, phone: string, code: string, authSessionId: string): Promise<SafetyStatus> {
      const now = d.now();
      const settings = await d.repo.settings(user.id);
      if (!isMinorBand(ageBand(settings?.birthYear ?? null, now))) throw badRequest('当前账号无需监护人验证');
      await verifyGuardianCode(user, phone, code);
      await d.repo.saveSettings(user.id, { guardianPhone: phone, guardianVerifiedAt: now }, now);
      d.log.info({ user: user.id, guardian: maskPhone(phone) }, 'safety: guardian verified');
      return this.status(user, authSessionId, false);
    },

    async setEmergencyContact(user: UserRow, b: EmergencyContactBody, authSessionId: string): Promise<SafetyStatus> {
      const name = b.name.trim();
      if (b.phone === user.phone) throw badRequest('紧急联系人不能是本人的手机号');
      await d.moderation.assertClean(name, { scene: 'emergency_name', userId: user.id });
      await d.repo.saveSettings(user.id, { emergencyName: name, emergencyPhone: b.phone }, d.now());
      return this.status(user, authSessionId, false);
    },

    async removeEmergencyContact(user: UserRow, authSessionId: string): Promise<SafetyStatus> {
      await d.repo.saveSettings(user.id, { emergencyName: null, emergencyPhone: null }, d.now());
      return this.status(user, authSessionId, false);
    },

    /**
     * The crisis card's "notify my emergency contact", after the user confirmed: only for the user's own conversation
     * in which the crisis card was shown in the last day, at most EMERGENCY_SMS_DAILY_LIMIT a day, every send logged.
     */
    async sendEmergencyAlert(user: UserRow, sessionId: string) {
      const now = d.now();
      const settings = await d.repo.settings(user.id);
      if (!settings?.emergencyPhone || !settings.emergencyName) throw badRequest('请先在个人中心设置紧急联系人');
      const dayAgo = new Date(now.getTime() - 24 * 3_600_000);
      if (!(await d.repo.hadCrisis(user.id, sessionId, dayAgo))) throw badRequest('当前对话没有需要通知紧急联系人的情况');
      if ((await d.repo.alertsSince(user.id, dayAgo)) >= cfg.emergencyDailyLimit) {
        throw tooMany('今天已通知过紧急联系人，请直接打电话联系或拨打12356');
      }
      const log = { userId: user.id, sessionId, contactPhone: settings.emergencyPhone, now };
      try {
        await d.sms.notify(settings.emergencyPhone, { kind: 'emergency', name: user.username || user.name || '您的朋友' });
      } catch (err) {
        await d.repo.logAlert({ ...log, status: 'failed' });
        throw err;
      }
      await d.repo.logAlert({ ...log, status: 'sent' });
      d.log.warn({ user: user.id, contact: maskPhone(settings.emergencyPhone) }, 'safety: emergency contact notified');
      return { sent_at: now.toISOString(), contact_name: settings.emergencyName };
    },

    purgeExpired: () => d.repo.purgeBefore(new Date(d.now().getTime() - cfg.retentionDays * 86_400_000)),
  };
}
export type SafetyService = ReturnType<typeof createSafetyService>;
