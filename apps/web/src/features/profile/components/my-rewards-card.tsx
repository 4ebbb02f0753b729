import { Button, Card, Flex, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function MyRewardsCard() {
  const navigate = useNavigate();
  return (
    <Card title="我的打赏">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">查看您对平台的每一笔支持记录</Typography.Text>
        <Button icon={<GiftOutlined />} onClick={() => navigate(paths.rewardHistory)}>
          查看打赏记录
        </Button>
      </Flex>
    </Card>
  );
}
