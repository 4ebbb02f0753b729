import { BAZI_FORM_MESSAGES } from '@lingxi/shared/rules';
import { Checkbox, Col, Form, Row, Select, Typography } from 'antd';
import { useMemo } from 'react';
import {
  canBeLeap,
  dayChoices,
  hourChoices,
  leapMonthOf,
  lunarMonthName,
  minuteChoices,
  monthChoices,
  yearChoices,
  type BaziFormValues,
} from '../lib/form-model';

type DateValues = Pick<BaziFormValues, 'calendarType' | 'year' | 'month' | 'isLeapMonth'> & { hourUnknown?: boolean };

const search = { optionFilterProp: 'label' };

/**
 * 年 月 日 (options by calendar, month length and leap year), the 闰月 box when it applies, then 时 and 分.
 * The short lists render every option (no virtual scrolling), so any of them can be tapped or found directly.
 */
export function BirthDateFields({ values }: { values: DateValues }) {
  const years = useMemo(() => yearChoices().map((y) => ({ value: y, label: `${y}年` })), []);
  const months = useMemo(() => monthChoices(values.calendarType), [values.calendarType]);
  const days = useMemo(() => dayChoices(values), [values]);
  const lunar = values.calendarType === 'lunar';
  const leap = lunar ? leapMonthOf(values.year) : null;
  const leapPossible = canBeLeap(values);

  return (
    <>
      <Row gutter={8}>
        <Col span={8}>
          <Form.Item label="年" name="year" rules={[{ required: true, message: BAZI_FORM_MESSAGES.year }]}>
            {/* Typing the year filters the list; Enter takes the match. */}
            <Select placeholder="输入或选择" options={years} showSearch={search} aria-label="年" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="月" name="month" rules={[{ required: true, message: BAZI_FORM_MESSAGES.month }]}>
            <Select placeholder="月份" options={months} virtual={false} aria-label="月" />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item label="日" name="day" rules={[{ required: true, message: BAZI_FORM_MESSAGES.day }]}>
            <Select placeholder="日期" options={days} virtual={false} aria-label="日" />
          </Form.Item>
        </Col>
      </Row>
      {lunar ? (
        <div className="bazi-leap-row">
          {leapPossible ? (
            <Form.Item name="isLeapMonth" valuePropName="checked" noStyle>
              <Checkbox>闰月（{`闰${lunarMonthName(leap!)}`}）</Checkbox>
            </Form.Item>
          ) : null}
          <Typography.Text type="secondary" className="bazi-leap-hint">
            {values.year === undefined ? '' : leap ? `农历${values.year}年有闰${lunarMonthName(leap)}` : `农历${values.year}年没有闰月`}
          </Typography.Text>
        </div>
      ) : null}
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item label="时" name="hour" rules={[{ required: !values.hourUnknown, message: BAZI_FORM_MESSAGES.hour }]}>
            <Select placeholder="小时" options={hourChoices} virtual={false} aria-label="时" disabled={values.hourUnknown} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="分" name="minute" rules={[{ required: !values.hourUnknown, message: BAZI_FORM_MESSAGES.minute }]}>
            <Select placeholder="分钟" options={minuteChoices} virtual={false} aria-label="分" disabled={values.hourUnknown} />
          </Form.Item>
        </Col>
      </Row>
      <div className="bazi-hour-unknown">
        <Form.Item name="hourUnknown" valuePropName="checked" noStyle>
          <Checkbox>不知道出生时辰</Checkbox>
        </Form.Item>
        {values.hourUnknown ? (
          <Typography.Text type="secondary" className="bazi-hour-unknown-note">
            只排年、月、日三柱，没有时柱、命宫和身宫；起运按当天正午推算。
          </Typography.Text>
        ) : null}
      </div>
    </>
  );
}
