import { ageFromBirthYear, GUARDIAN_CONSENT_AGE, MINOR_AGE, MINOR_NIGHT_END_HOUR, MINOR_NIGHT_START_HOUR } from '@lingxi/shared';

export type AgeBand = 'adult' | 'minor' | 'under14';

/** null: no age declared (the account is treated as an adult's). */
export function ageBand(birthYear: number | null, now: Date): AgeBand | null {
  if (birthYear === null) return null;
  const age = ageFromBirthYear(birthYear, now);
  if (age < GUARDIAN_CONSENT_AGE) return 'under14';
  return age < MINOR_AGE ? 'minor' : 'adult';
}

export const isMinorBand = (b: AgeBand | null) => b === 'minor' || b === 'under14';

/** 22:00–06:00 Beijing time (UTC+8, no daylight saving). */
export function isMinorNight(now: Date): boolean {
  const hour = new Date(now.getTime() + 8 * 3_600_000).getUTCHours();
  return hour >= MINOR_NIGHT_START_HOUR || hour < MINOR_NIGHT_END_HOUR;
}

type Streak = { streakStartedAt: Date | null; breakAckedAt: Date | null };

/** Seconds of continuous use since the streak began or the last reminder was acknowledged, whichever is later. */
export function continuousSeconds(s: Streak, now: Date): number {
  if (!s.streakStartedAt) return 0;
  const from = Math.max(s.streakStartedAt.getTime(), s.breakAckedAt?.getTime() ?? 0);
  return Math.max(0, Math.floor((now.getTime() - from) / 1000));
}

/** The same in whole minutes, as the reminder words it. */
export const continuousMinutes = (s: Streak, now: Date): number => Math.floor(continuousSeconds(s, now) / 60);

/** The reminder is due once continuous use reaches BREAK_REMINDER_MINUTES (which may be a fraction, to try it out). */
export const breakDue = (s: Streak, now: Date, breakMinutes: number): boolean => continuousSeconds(s, now) >= breakMinutes * 60;

/** The calendar year in Beijing: a declared birth year may not lie after it. */
export const beijingYear = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).getUTCFullYear();
