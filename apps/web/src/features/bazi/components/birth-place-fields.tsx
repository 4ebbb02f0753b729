import { listCities, listProvinces } from '@lingxi/bazi';
import { BAZI_FORM_MESSAGES } from '@lingxi/shared/rules';
import { Col, Form, Row, Select } from 'antd';
import { useMemo } from 'react';

const provinceOptions = listProvinces().map((p) => ({ value: p.name, label: p.name, title: p.fullName }));
const search = { optionFilterProp: ['label', 'title'] };

/** 省份 and 城市: every province-level division with its cities; a new province clears the city (see reconcile). */
export function BirthPlaceFields({ province }: { province: string | undefined }) {
  const cityOptions = useMemo(
    () => (province ? listCities(province).map((c) => ({ value: c.name, label: c.name, title: c.fullName })) : []),
    [province],
  );
  return (
    <Row gutter={12}>
      <Col span={12}>
        <Form.Item label="省份" name="province" rules={[{ required: true, message: BAZI_FORM_MESSAGES.province }]}>
          <Select placeholder="请选择省份" options={provinceOptions} showSearch={search} aria-label="省份" />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item label="城市" name="city" rules={[{ required: true, message: BAZI_FORM_MESSAGES.city }]}>
          <Select placeholder="请选择城市" options={cityOptions} showSearch={search} disabled={!province} aria-label="城市" />
        </Form.Item>
      </Col>
    </Row>
  );
}
