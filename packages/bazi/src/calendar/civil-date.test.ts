import { describe, expect, it } from 'vitest';
import { addYearsMonthsDays, civilFromDays, daysFromCivil, daysInMonth, isLeapYear } from './civil-date';
import { formatMoment, momentFromParts, partsFromMoment } from './moment';

describe('civil dates', () => {
  it('knows the Gregorian leap years, 1900 and 2100 excluded', () => {
    expect([1900, 2000, 2023, 2024, 2100].map(isLeapYear)).toEqual([false, true, false, true, false]);
    expect([daysInMonth(2023, 2), daysInMonth(2024, 2), daysInMonth(2024, 4), daysInMonth(2024, 12)]).toEqual([28, 29, 30, 31]);
  });

  it('counts days from 1970-01-01 and back', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(2000, 3, 1)).toBe(11017);
    expect(daysFromCivil(1900, 1, 1)).toBe(-25567);
    for (let d = daysFromCivil(1899, 12, 1); d < daysFromCivil(2102, 1, 31); d += 17) {
      const c = civilFromDays(d);
      expect(daysFromCivil(c.year, c.month, c.day)).toBe(d);
    }
  });

  it('adds months before days and lets a day past the month end run on: 2023-01-31 + 1 month = 2023-03-03', () => {
    const result = civilFromDays(addYearsMonthsDays({ year: 2023, month: 1, day: 31 }, 0, 1, 0));
    expect(result).toEqual({ year: 2023, month: 3, day: 3 });
    expect(civilFromDays(addYearsMonthsDays({ year: 2024, month: 2, day: 29 }, 1, 0, 0))).toEqual({ year: 2025, month: 3, day: 1 });
    expect(civilFromDays(addYearsMonthsDays({ year: 2020, month: 11, day: 15 }, 9, 3, 20))).toEqual({ year: 2030, month: 3, day: 7 });
  });

  it('formats moments on the Beijing clock', () => {
    const m = momentFromParts(1988, 4, 17, 2, 30, 5);
    expect(formatMoment(m)).toBe('1988-04-17 02:30:05');
    expect(partsFromMoment(momentFromParts(1901, 1, 1, 0, 0))).toEqual({ year: 1901, month: 1, day: 1, hour: 0, minute: 0, second: 0 });
  });
});
