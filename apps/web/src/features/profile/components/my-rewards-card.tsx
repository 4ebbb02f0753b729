import { Button, Card, Flex, Typography } from 'antd';
import { GiftOutlined, ShoppingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/** 我的订单 (paid deep services, issue 14): what was bought, the deep replies left, a way back into each session. */
export function MyOrdersCard() {
  const navigate = useNavigate();
  return (
    <Card title="我的订单">
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Text type="secondary">查看已购买的深度服务与剩余深度回复</Typography.Text>
        <Button icon={<ShoppingOutlined />} onClick={() => navigate(paths.orders)}>
          查看我的订单
        </Button>
      </Flex>
    </Card>
  );
}

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
