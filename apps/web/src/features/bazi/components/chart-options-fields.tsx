import { QuestionCircleOutlined } from '@ant-design/icons';
import { Checkbox, Collapse, Form, Radio, Switch, Tooltip } from 'antd';

const TRUE_SOLAR_TIME_HELP =
  '按出生地经度和当天的均时差，把北京时间换算成当地的太阳时，再定日柱和时柱。离东经120°越远差得越多：乌鲁木齐约晚2小时，上海约早14分钟。';

/** 真太阳时 up front (users ask for it by name); the school-dependent rules folded away with their defaults. */
export function ChartOptionsFields() {
  return (
    <>
      <div className="bazi-tst">
        <Form.Item name="trueSolarTime" valuePropName="checked" noStyle>
          <Checkbox>使用真太阳时</Checkbox>
        </Form.Item>
        <Tooltip title={TRUE_SOLAR_TIME_HELP} trigger={['hover', 'click']}>
          <QuestionCircleOutlined className="bazi-help-icon" aria-label="什么是真太阳时" role="img" />
        </Tooltip>
      </div>
      <Collapse
        size="small"
        className="bazi-advanced"
        items={[
          {
            key: 'advanced',
            label: '高级选项',
            forceRender: true,
            children: (
              <>
                <Form.Item label="子时换日" name="ziHourRule" extra="23:00–23:59 都算次日的子时，两种规则只影响日柱。">
                  <Radio.Group
                    options={[
                      { value: 'day-changes-at-23', label: '23点换日（子初换日，默认）' },
                      { value: 'day-changes-at-0', label: '0点换日（夜子时）' },
                    ]}
                  />
                </Form.Item>
                <Form.Item label="大运年龄" name="ageReckoning">
                  <Radio.Group
                    options={[
                      { value: 'xu', label: '虚岁（默认）' },
                      { value: 'zhou', label: '周岁' },
                    ]}
                  />
                </Form.Item>
                <Form.Item
                  label="夏令时校正"
                  name="dstCorrection"
                  valuePropName="checked"
                  extra="1986–1991年夏季的钟表时间比北京标准时间快1小时，开启后自动减去。"
                  style={{ marginBottom: 0 }}
                >
                  <Switch checkedChildren="开" unCheckedChildren="关" aria-label="夏令时校正" />
                </Form.Item>
              </>
            ),
          },
        ]}
      />
    </>
  );
}
