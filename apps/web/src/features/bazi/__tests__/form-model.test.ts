import { describe, expect, it } from 'vitest';
import {
  canBeLeap,
  dayChoices,
  defaultFormValues,
  leapMonthOf,
  lunarDayName,
  reconcile,
  toRequest,
  yearChoices,
  type BaziFormValues,
} from '../lib/form-model';

const form = (over: Partial<BaziFormValues> = {}): BaziFormValues => ({ ...defaultFormValues(new Date(2024, 4, 9, 8, 5)), ...over });

describe('bazi form model', () => {
  it('defaults to male, solar, 北京/北京, the current date and time, and the year 1990 or the last one used', () => {
    expect(defaultFormValues(new Date(2024, 4, 9, 8, 5), 1985).year).toBe(1985);
    // A remembered year no longer in the list (older than 100 years) falls back to 1990.
    expect(defaultFormValues(new Date(2024, 4, 9, 8, 5), 1901).year).toBe(1990);
    expect(defaultFormValues(new Date(2024, 4, 9, 8, 5))).toMatchObject({
      gender: 'male',
      calendarType: 'solar',
      province: '北京',
      city: '北京',
      year: 1990,
      month: 5,
      day: 9,
      hour: 8,
      minute: 5,
      isLeapMonth: false,
      dstCorrection: true,
      trueSolarTime: false,
    });
  });

  it('offers the last 100 years counting from the current one, newest first', () => {
    const years = yearChoices(new Date(2025, 0, 1));
    expect(years).toHaveLength(100);
    expect(years[0]).toBe(2025);
    expect(years.at(-1)).toBe(1926);
  });

  it('offers days by month and leap year for solar dates', () => {
    expect(dayChoices(form({ year: 2024, month: 2 }))).toHaveLength(29);
    expect(dayChoices(form({ year: 2023, month: 2 }))).toHaveLength(28);
    expect(dayChoices(form({ year: 2023, month: 4 }))).toHaveLength(30);
    expect(dayChoices(form({ year: 2023, month: 1 })).at(-1)).toEqual({ value: 31, label: '31日' });
  });

  it('offers the lunar month’s 29 or 30 days with their Chinese names', () => {
    // 2023 闰二月 has 29 days.
    const leap = dayChoices(form({ calendarType: 'lunar', year: 2023, month: 2, isLeapMonth: true }));
    expect(leap).toHaveLength(29);
    expect(leap.map((d) => d.label).slice(0, 3)).toEqual(['初一', '初二', '初三']);
    expect([10, 11, 20, 21, 30].map(lunarDayName)).toEqual(['初十', '十一', '二十', '廿一', '三十']);
  });

  it('allows the leap box only for a lunar month with a leap twin that year', () => {
    expect(leapMonthOf(2020)).toBe(4);
    expect(leapMonthOf(2021)).toBeNull();
    expect(canBeLeap({ calendarType: 'lunar', year: 2020, month: 4 })).toBe(true);
    expect(canBeLeap({ calendarType: 'lunar', year: 2020, month: 5 })).toBe(false);
    expect(canBeLeap({ calendarType: 'solar', year: 2020, month: 4 })).toBe(false);
  });

  it('clears the city when the province changes', () => {
    expect(reconcile({ province: '广东' }, form({ province: '广东' }))).toEqual({ city: undefined });
  });

  it('resets the leap flag when switching to solar or to a month without a leap twin', () => {
    const leap = form({ calendarType: 'lunar', year: 2020, month: 4, day: 10, isLeapMonth: true });
    expect(reconcile({ calendarType: 'solar' }, { ...leap, calendarType: 'solar' })).toEqual({ isLeapMonth: false });
    expect(reconcile({ month: 5 }, { ...leap, month: 5 })).toEqual({ isLeapMonth: false });
  });

  it('clears a day the new month does not have instead of moving it', () => {
    expect(reconcile({ month: 2 }, form({ year: 2023, month: 2, day: 31 }))).toEqual({ day: undefined });
    expect(reconcile({ month: 3 }, form({ year: 2023, month: 3, day: 31 }))).toEqual({});
  });

  it('builds the spec request with 2-digit strings and the joined birth place', () => {
    const v = form({
      province: '广东',
      city: '深圳',
      calendarType: 'lunar',
      year: 2020,
      month: 4,
      day: 10,
      hour: 8,
      minute: 5,
      isLeapMonth: true,
    });
    expect(toRequest(v as Required<BaziFormValues>)).toEqual({
      year: '2020',
      month: '04',
      day: '10',
      hour: '08',
      minute: '05',
      isLeapMonth: true,
      gender: 'male',
      calendarType: 'lunar',
      birth_place: '广东深圳',
      ziHourRule: 'day-changes-at-23',
      ageReckoning: 'xu',
      dstCorrection: true,
      trueSolarTime: false,
    });
  });

  it('sends the unknown hour as hourUnknown without a time, and a trimmed name only when given', () => {
    const v = form({ year: 1990, month: 5, day: 9, hourUnknown: true, name: '  妈妈 ' });
    const request = toRequest(v as Required<BaziFormValues>);
    expect(request).toMatchObject({ hourUnknown: true, name: '妈妈' });
    expect(request).not.toHaveProperty('hour');
    expect(request).not.toHaveProperty('minute');
    expect(toRequest(form({ name: '  ' }) as Required<BaziFormValues>)).not.toHaveProperty('name');
  });
});
