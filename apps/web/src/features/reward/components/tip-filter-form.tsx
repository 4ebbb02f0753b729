import { Button, Form, Input, InputNumber, Space } from 'antd';
import type { TipListFilters } from '../api/get-tip-list';

interface TipFilterFormProps {
  onSearch: (f: TipListFilters) => void;
  loading: boolean;
  vertical: boolean;
}

/** Spec §2/§5 tip filter: phone (max 11), minimum and maximum amount (numbers, at least 0). */
export function TipFilterForm({ onSearch, loading, vertical }: TipFilterFormProps) {
  const [form] = Form.useForm<TipListFilters>();
  return (
    <Form<TipListFilters> form={form} layout={vertical ? 'vertical' : 'inline'} className="reward-filter" onFinish={(v) => onSearch(v)}>
      <Form.Item name="userPhone" label="手机号">
        <Input placeholder="请输入手机号" maxLength={11} allowClear inputMode="numeric" />
      </Form.Item>
      <Form.Item name="min" label="最小金额">
        <InputNumber<number> min={0} precision={2} placeholder="0.00" style={{ width: vertical ? '100%' : 140 }} />
      </Form.Item>
      <Form.Item
        name="max"
        label="最大金额"
        dependencies={['min']}
        rules={[
          ({ getFieldValue }) => ({
            validator(_, max: number | null | undefined) {
              const min = getFieldValue('min') as number | null | undefined;
              return min !== null && min !== undefined && max !== null && max !== undefined && min > max
                ? Promise.reject(new Error('最小金额不能大于最大金额'))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <InputNumber<number> min={0} precision={2} placeholder="0.00" style={{ width: vertical ? '100%' : 140 }} />
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
