import { describe, expect, it } from 'vitest';
import { computeChart } from '../chart/compute-chart';
import { BaziInputError, type BaziErrorCode } from '../errors';
import type { BaziInput } from './birth-input';
import { daysInLunarMonth, daysInSolarMonth, lunarMonthsOfYear } from './form-helpers';
import { computeChartFromSpec, parseSpecRequest } from './spec-request';

const solar = (over: Partial<BaziInput>): BaziInput => ({
  calendar: 'solar',
  year: 1990,
  month: 5,
  day: 9,
  hour: 8,
  minute: 5,
  gender: 'male',
  birthPlace: '北京北京',
  ...over,
});
const lunar = (over: Partial<BaziInput>): BaziInput => solar({ calendar: 'lunar', month: 4, day: 15, ...over });

function rejection(run: () => unknown): { code: BaziErrorCode; message: string; field?: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BaziInputError);
    const e = error as BaziInputError;
    return { code: e.code, message: e.message, field: e.field };
  }
  throw new Error('expected a BaziInputError');
}

describe('input validation', () => {
  it.each([
    ['2023-02-29', solar({ year: 2023, month: 2, day: 29 }), 'INVALID_DAY', '2023年2月没有29日'],
    ['1900-02-29', solar({ year: 1900, month: 2, day: 29 }), 'YEAR_OUT_OF_RANGE', '仅支持1901年至2099年出生的排盘，1900年超出范围'],
    ['2024-04-31', solar({ year: 2024, month: 4, day: 31 }), 'INVALID_DAY', '2024年4月没有31日'],
    ['year 2100', solar({ year: 2100 }), 'YEAR_OUT_OF_RANGE', '仅支持1901年至2099年出生的排盘，2100年超出范围'],
    ['month 13', solar({ month: 13 }), 'INVALID_MONTH', '月份必须在1到12之间，收到13'],
    ['day 0', solar({ day: 0 }), 'INVALID_DAY', '日期必须在1到31之间，收到0'],
    ['hour 24', solar({ hour: 24 }), 'INVALID_HOUR', '小时必须在0到23之间，收到24'],
    ['minute 60', solar({ minute: 60 }), 'INVALID_MINUTE', '分钟必须在0到59之间，收到60'],
    ['minute 5.5', solar({ minute: 5.5 }), 'INVALID_NUMBER', '分钟必须是整数'],
    ['lunar 2021 闰四月', lunar({ year: 2021, isLeapMonth: true }), 'INVALID_LEAP_MONTH', '农历2021年没有闰四月（该年没有闰月）'],
    [
      'lunar 2023 闰二月三十',
      lunar({ year: 2023, month: 2, day: 30, isLeapMonth: true }),
      'INVALID_DAY',
      '农历2023年闰二月只有29天，没有30日',
    ],
    ['lunar 2023 正月三十', lunar({ year: 2023, month: 1, day: 30 }), 'INVALID_DAY', '农历2023年正月只有29天，没有30日'],
    ['lunar day 31', lunar({ day: 31 }), 'INVALID_DAY', '农历日期必须在1到30之间，收到31'],
    ['solar leap month', solar({ isLeapMonth: true }), 'INVALID_LEAP_MONTH', '公历日期没有闰月，请取消“闰月”'],
    ['unknown place', solar({ birthPlace: '火星基地' }), 'INVALID_PLACE', '未找到出生地“火星基地”，请从列表中选择省份和城市'],
    ['empty place', solar({ birthPlace: ' ' }), 'INVALID_PLACE', '请选择出生地'],
    ['gender', solar({ gender: 'other' as never }), 'INVALID_GENDER', '性别只能是男（male）或女（female）'],
    ['calendar', solar({ calendar: 'islamic' as never }), 'INVALID_CALENDAR', '历法只能是公历（solar）或农历（lunar）'],
    [
      'option',
      solar({ options: { ziHourRule: 'noon' as never } }),
      'INVALID_OPTION',
      '选项 ziHourRule 只能是 day-changes-at-23 或 day-changes-at-0',
    ],
  ] as const)('rejects %s', (_, input, code, message) => {
    expect(rejection(() => computeChart(input))).toMatchObject({ code, message });
  });

  it('accepts 29 February of a leap year and every valid lunar leap month', () => {
    expect(computeChart(solar({ year: 2024, month: 2, day: 29 })).solar_date).toBe('2024-02-29');
    expect(computeChart(lunar({ year: 2020, month: 4, day: 29, isLeapMonth: true })).solar_date).toBe('2020-06-20');
    expect(computeChart(lunar({ year: 2023, month: 2, day: 1, isLeapMonth: true })).solar_date).toBe('2023-03-22');
    expect(computeChart(lunar({ year: 2033, month: 11, day: 29, isLeapMonth: true })).solar_date).toBe('2034-01-19');
  });

  it('accepts the first and last supported days', () => {
    expect(computeChart(solar({ year: 1901, month: 1, day: 1, hour: 0, minute: 0 })).pillars.year.gan_zhi).toBe('庚子');
    expect(computeChart(solar({ year: 2099, month: 12, day: 31, hour: 23, minute: 59 })).pillars.year.gan_zhi).toBe('己未');
    expect(computeChart(lunar({ year: 2099, month: 12, day: 30 })).solar_date).toBe('2100-02-08');
  });
});

describe('the spec request', () => {
  const body = {
    year: '1990',
    month: '05',
    day: '09',
    hour: '08',
    minute: '05',
    isLeapMonth: false,
    gender: 'male',
    calendarType: 'solar',
    birth_place: '北京北京',
  };

  it('maps the form body with two-digit strings to the calculator input', () => {
    expect(parseSpecRequest(body)).toMatchObject({
      calendar: 'solar',
      year: 1990,
      month: 5,
      day: 9,
      hour: 8,
      minute: 5,
      isLeapMonth: false,
      gender: 'male',
      birthPlace: '北京北京',
    });
    expect(computeChartFromSpec(body).birth_time).toBe('1990-05-09 08:05:00');
  });

  it('passes the flat option flags through and echoes them in the chart', () => {
    const chart = computeChartFromSpec({
      ...body,
      ziHourRule: 'day-changes-at-0',
      ageReckoning: 'zhou',
      dstCorrection: 'false',
      trueSolarTime: true,
    });
    expect(chart.options).toEqual({ ziHourRule: 'day-changes-at-0', ageReckoning: 'zhou', dstCorrection: false, trueSolarTime: true });
  });

  it.each([
    [{ ...body, year: 'abc' }, 'INVALID_NUMBER', '年份必须是数字，收到“abc”'],
    [{ ...body, hour: '8.5' }, 'INVALID_NUMBER', '小时必须是数字，收到“8.5”'],
    [{ ...body, minute: '' }, 'INVALID_NUMBER', '请选择分钟'],
    [{ ...body, day: undefined }, 'INVALID_NUMBER', '请选择日期'],
    [{ ...body, isLeapMonth: 'yes' }, 'INVALID_REQUEST', 'isLeapMonth 必须是 true 或 false'],
    [{ ...body, year: '2023', month: '02', day: '29' }, 'INVALID_DAY', '2023年2月没有29日'],
    [{ ...body, hour: '24' }, 'INVALID_HOUR', '小时必须在0到23之间，收到24'],
    [
      { ...body, calendarType: 'lunar', year: '2021', month: '04', isLeapMonth: true },
      'INVALID_LEAP_MONTH',
      '农历2021年没有闰四月（该年没有闰月）',
    ],
    [{ ...body, birth_place: '' }, 'INVALID_PLACE', '请选择出生地'],
    ['not an object', 'INVALID_REQUEST', '排盘参数必须是一个对象'],
  ] as const)('rejects %j', (input, code, message) => {
    expect(rejection(() => parseSpecRequest(input))).toMatchObject({ code, message });
  });
});

describe('form helpers', () => {
  it('gives the days of a Gregorian month', () => {
    expect([daysInSolarMonth(2023, 2), daysInSolarMonth(2024, 2), daysInSolarMonth(1900 + 100, 2)]).toEqual([28, 29, 29]);
    expect(() => daysInSolarMonth(1900, 2)).toThrow(BaziInputError);
  });

  it('lists the lunar months of a year with the leap month and lengths', () => {
    const months = lunarMonthsOfYear(2020);
    expect(months).toHaveLength(13);
    expect(months[4]).toEqual({ month: 4, isLeap: true, days: 29, name: '闰四月' });
    expect(daysInLunarMonth(2020, 4, true)).toBe(29);
    expect(daysInLunarMonth(2021, 4, true)).toBeNull();
  });
});
