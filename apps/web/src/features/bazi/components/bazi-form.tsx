import type { BaziRequest } from '@lingxi/shared';
import { BAZI_FORM_MESSAGES, BAZI_NAME_MAX } from '@lingxi/shared/rules';
import { Button, Col, Form, Input, Radio, Row } from 'antd';
import { useMemo } from 'react';
import { defaultFormValues, readLastYear, reconcile, rememberYear, toRequest, type BaziFormValues } from '../lib/form-model';
import { BirthDateFields } from './birth-date-fields';
import { BirthPlaceFields } from './birth-place-fields';
import { ChartOptionsFields } from './chart-options-fields';

interface BaziFormProps {
  loading: boolean;
  onSubmit: (request: BaziRequest) => void;
}

/** Spec §2 Bazi input form: every field required, options that only ever offer a real date. */
export function BaziForm({ loading, onSubmit }: BaziFormProps) {
  const [form] = Form.useForm<BaziFormValues>();
  const initial = useMemo(() => defaultFormValues(new Date(), readLastYear()), []);
  // Undefined until the form has mounted; the initial values stand in for that first render.
  const watched = Form.useWatch([], form) as BaziFormValues | undefined;
  const v = watched ?? initial;
  const dateValues = useMemo(
    () => ({
      calendarType: v.calendarType,
      year: v.year,
      month: v.month,
      isLeapMonth: v.isLeapMonth ?? false,
      hourUnknown: v.hourUnknown ?? false,
    }),
    [v.calendarType, v.year, v.month, v.isLeapMonth, v.hourUnknown],
  );

  const onValuesChange = (changed: Partial<BaziFormValues>, all: BaziFormValues) => {
    for (const [key, value] of Object.entries(reconcile(changed, all))) form.setFieldValue(key as keyof BaziFormValues, value);
  };

  return (
    <Form<BaziFormValues>
      form={form}
      name="bazi"
      layout="vertical"
      initialValues={initial}
      onValuesChange={onValuesChange}
      onFinish={(v) => {
        if (v.year !== undefined) rememberYear(v.year);
        onSubmit(toRequest(v as Parameters<typeof toRequest>[0]));
      }}
      requiredMark={false}
      className="bazi-form"
    >
      <Row gutter={12}>
        <Col span={12}>
          <Form.Item label="性别" name="gender" rules={[{ required: true, message: BAZI_FORM_MESSAGES.gender }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'male', label: '男' },
                { value: 'female', label: '女' },
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item label="历法" name="calendarType" rules={[{ required: true, message: BAZI_FORM_MESSAGES.calendarType }]}>
            <Radio.Group
              optionType="button"
              buttonStyle="solid"
              options={[
                { value: 'solar', label: '公历' },
                { value: 'lunar', label: '农历' },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label="命盘名称（可选）" name="name" rules={[{ max: BAZI_NAME_MAX, message: `命盘名称不能超过${BAZI_NAME_MAX}个字` }]}>
        <Input placeholder="如：我、妈妈" maxLength={BAZI_NAME_MAX} allowClear aria-label="命盘名称" />
      </Form.Item>
      <BirthPlaceFields province={v.province} />
      <BirthDateFields values={dateValues} />
      <ChartOptionsFields />
      <Button type="primary" htmlType="submit" size="large" block loading={loading} className="bazi-submit">
        开始排盘
      </Button>
    </Form>
  );
}
