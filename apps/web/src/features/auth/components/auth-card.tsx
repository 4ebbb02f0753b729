import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { config } from '@/config/env';

interface AuthCardProps {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The narrow centred card shared by login, register and bind-phone; full width below 440 px. */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Flex justify="center" className="auth-card-wrap">
      <Card className="auth-card">
        <Flex vertical align="center" gap={4} style={{ marginBottom: 16 }}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            {title ?? config.productName}
          </Typography.Title>
          {subtitle ? <Typography.Text type="secondary">{subtitle}</Typography.Text> : null}
        </Flex>
        {children}
        {footer ? <div className="auth-card-footer">{footer}</div> : null}
      </Card>
    </Flex>
  );
}
