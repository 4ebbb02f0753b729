import { describe, expect, it } from 'vitest';
import { ageBand, breakDue, continuousMinutes, isMinorNight } from './rules';

const at = (iso: string) => new Date(iso);

describe('minor-mode rules', () => {
  it('counts the younger age a birth year allows', () => {
    const now = at('2026-06-01T12:00:00+08:00');
    expect(ageBand(2008, now)).toBe('minor'); // 17 or 18: treated as 17
    expect(ageBand(2007, now)).toBe('adult');
    expect(ageBand(2012, now)).toBe('under14'); // 13 or 14: treated as 13
    expect(ageBand(2011, now)).toBe('minor');
    expect(ageBand(null, now)).toBeNull();
  });

  it('locks 22:00 to 06:00 Beijing time, whatever the server time zone', () => {
    expect(isMinorNight(at('2026-06-01T21:59:59+08:00'))).toBe(false);
    expect(isMinorNight(at('2026-06-01T22:00:00+08:00'))).toBe(true);
    expect(isMinorNight(at('2026-06-02T05:59:00+08:00'))).toBe(true);
    expect(isMinorNight(at('2026-06-02T06:00:00+08:00'))).toBe(false);
    expect(isMinorNight(at('2026-06-01T14:30:00Z'))).toBe(true); // 22:30 in Beijing
  });

  it('measures continuous use from the later of the streak start and the last acknowledged reminder', () => {
    const start = at('2026-06-01T08:00:00Z');
    expect(continuousMinutes({ streakStartedAt: start, breakAckedAt: null }, at('2026-06-01T10:00:00Z'))).toBe(120);
    expect(continuousMinutes({ streakStartedAt: start, breakAckedAt: at('2026-06-01T10:00:00Z') }, at('2026-06-01T10:30:00Z'))).toBe(30);
    expect(continuousMinutes({ streakStartedAt: null, breakAckedAt: null }, start)).toBe(0);
  });

  it('is due once continuous use reaches the configured minutes, a fraction of a minute included', () => {
    const streak = { streakStartedAt: at('2026-06-01T08:00:00Z'), breakAckedAt: null };
    expect(breakDue(streak, at('2026-06-01T09:59:59Z'), 120)).toBe(false);
    expect(breakDue(streak, at('2026-06-01T10:00:00Z'), 120)).toBe(true);
    expect(breakDue(streak, at('2026-06-01T08:00:05Z'), 0.1)).toBe(false);
    expect(breakDue(streak, at('2026-06-01T08:00:06Z'), 0.1)).toBe(true);
    expect(breakDue({ streakStartedAt: null, breakAckedAt: null }, at('2026-06-01T10:00:00Z'), 0.1)).toBe(false);
  });
});
