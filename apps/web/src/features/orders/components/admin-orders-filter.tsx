import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import type { AdminOrderFilters } from '../api/admin';

interface FilterValues {
  phone?: string;
  service_type?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

interface AdminOrdersFilterProps {
  /** The personas to pick from (every one with an offer, on or off). */
  services: { value: string; label: string }[];
  onSearch: (f: AdminOrderFilters) => void;
  loading: boolean;
  vertical: boolean;
}

/** Filters of the revenue view: phone (part of it), service, paid date range (Beijing days, inclusive). */
export function AdminOrdersFilter({ services, onSearch, loading, vertical }: AdminOrdersFilterProps) {
  const [form] = Form.useForm<FilterValues>();
  const submit = (v: FilterValues) =>
    onSearch({
      phone: v.phone,
      service_type: v.service_type,
      from: v.range?.[0]?.format('YYYY-MM-DD'),
      to: v.range?.[1]?.format('YYYY-MM-DD'),
    });
  return (
    <Form<FilterValues> form={form} layout={vertical ? 'vertical' : 'inline'} onFinish={submit}>
      <Form.Item name="phone" label="手机号" rules={[{ pattern: /^\d*$/, message: '手机号只能包含数字' }]}>
        <Input placeholder="请输入手机号" maxLength={11} allowClear inputMode="numeric" />
      </Form.Item>
      <Form.Item name="service_type" label="服务">
        <Select allowClear placeholder="全部服务" style={{ width: vertical ? '100%' : 160 }} options={services} />
      </Form.Item>
      <Form.Item name="range" label="支付日期">
        <DatePicker.RangePicker style={{ width: vertical ? '100%' : undefined }} />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={loading}>
            查询
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            重置
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
