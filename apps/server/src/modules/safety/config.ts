import { BREAK_REMINDER_MINUTES_DEFAULT, MINOR_DAILY_MINUTES_DEFAULT } from '@lingxi/shared';
import { z } from 'zod';

/** Environment variables of minor mode, breaks, the emergency contact and record keeping (issue #13). */
export const safetyEnv = z.object({
  /** Minor mode: minutes of use per day (Beijing time). */
  MINOR_DAILY_MINUTES: z.coerce.number().int().min(1).max(1440).default(MINOR_DAILY_MINUTES_DEFAULT),
  /**
   * Continuous use that brings the break reminder (anthropomorphic AI measures: 2 hours). A fraction (0.1 = 6 s) lets
   * an operator or a browser test see the reminder without waiting out whole minutes.
   */
  BREAK_REMINDER_MINUTES: z.coerce.number().min(0.1).max(1440).default(BREAK_REMINDER_MINUTES_DEFAULT),
  /** A pause at least this long ends continuous use (and is not counted as use). */
  USAGE_IDLE_GAP_MINUTES: z.coerce.number().int().min(1).max(240).default(15),
  /** Reports, moderation events and emergency alerts are kept this long (the privacy policy's figure), then deleted. */
  SAFETY_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  /** Emergency-contact SMS per user and 24 hours. */
  EMERGENCY_SMS_DAILY_LIMIT: z.coerce.number().int().min(1).max(20).default(3),
  /** Open reports per user at once, and reports per user per day: every per-user resource has a bound. */
  REPORTS_PENDING_PER_USER: z.coerce.number().int().min(1).max(1000).default(20),
  REPORTS_PER_DAY_PER_USER: z.coerce.number().int().min(1).max(1000).default(30),
});
type SafetyEnv = z.infer<typeof safetyEnv>;

export function safetyConfig(e: SafetyEnv) {
  return {
    minorDailyMinutes: e.MINOR_DAILY_MINUTES,
    breakMinutes: e.BREAK_REMINDER_MINUTES,
    idleGapSeconds: e.USAGE_IDLE_GAP_MINUTES * 60,
    retentionDays: e.SAFETY_RETENTION_DAYS,
    emergencyDailyLimit: e.EMERGENCY_SMS_DAILY_LIMIT,
    reports: { pendingPerUser: e.REPORTS_PENDING_PER_USER, perDay: e.REPORTS_PER_DAY_PER_USER },
  };
}
export type SafetyConfig = ReturnType<typeof safetyConfig>;
