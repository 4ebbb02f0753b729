import { Card, Flex, Typography } from 'antd';
import { ClockCircleOutlined, MailOutlined, PhoneOutlined } from '@ant-design/icons';
import { config } from '@/config/env';

export function ContactInfoCard() {
  const { contactEmail, contactPhone } = config;
  return (
    <Card title="联系方式">
      <Flex vertical gap={12}>
        <Typography.Text>
          <MailOutlined /> 邮箱：<Typography.Link href={`mailto:${contactEmail}`}>{contactEmail}</Typography.Link>
        </Typography.Text>
        <Typography.Text>
          <PhoneOutlined /> 电话：<Typography.Link href={`tel:${contactPhone.replace(/[^\d+]/g, '')}`}>{contactPhone}</Typography.Link>
        </Typography.Text>
        <Typography.Text>
          <ClockCircleOutlined /> 服务时间：周一至周日 9:00-21:00
        </Typography.Text>
      </Flex>
    </Card>
  );
}
