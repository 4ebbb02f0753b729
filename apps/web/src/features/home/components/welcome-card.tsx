import { maskPhone } from '@lingxi/shared/rules';
import type { ReactNode } from 'react';
import type { UserInfo } from '@lingxi/shared';
import { Button, Card, Flex, Tag, Typography } from 'antd';
import { BarChartOutlined, CompassOutlined, DollarOutlined, LogoutOutlined, TagsOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

interface WelcomeCardProps {
  user: UserInfo;
  onLogout: () => void;
  /** The 支持我们 control; the app passes the reward feature's button so home does not depend on it. */
  supportSlot?: ReactNode;
}

/** Spec §2 home: greet by username, else phone, else a friendly generic word. */
export function greetingName(user: Pick<UserInfo, 'username' | 'phone'>): string {
  return user.username?.trim() || maskPhone(user.phone) || '朋友';
}

export function WelcomeCard({ user, onLogout, supportSlot }: WelcomeCardProps) {
  const navigate = useNavigate();
  return (
    <Card className="welcome-card">
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          <Typography.Title level={4} style={{ margin: 0 }}>
            你好，{greetingName(user)}
          </Typography.Title>
          <Tag color="green">已登录</Tag>
        </Flex>
        <Typography.Text type="secondary">选择一位AI伙伴，开始今天的对话吧。</Typography.Text>
        <Flex gap={8} wrap className="welcome-actions">
          <Button icon={<UserOutlined />} onClick={() => navigate(paths.profile)}>
            个人中心
          </Button>
          <Button icon={<CompassOutlined />} onClick={() => navigate(paths.baziInput)}>
            八字排盘
          </Button>
          {supportSlot}
          {/* Server-decided (ADMIN_PHONES) rather than a phone number baked into the client as the spec's original did. */}
          {user.is_admin ? (
            <>
              <Button icon={<BarChartOutlined />} onClick={() => navigate(paths.tokenStats)}>
                令牌统计
              </Button>
              <Button icon={<DollarOutlined />} onClick={() => navigate(paths.adminOrders)}>
                订单与收入
              </Button>
              <Button icon={<TagsOutlined />} onClick={() => navigate(paths.adminOffers)}>
                深度服务定价
              </Button>
            </>
          ) : null}
          <Button icon={<LogoutOutlined />} onClick={onLogout}>
            退出登录
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
