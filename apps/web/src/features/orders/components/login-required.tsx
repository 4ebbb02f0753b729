import { Button, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

interface LoginRequiredProps {
  initialized: boolean;
  signedIn: boolean;
  subTitle: string;
  children: ReactNode;
}

/** Like the tip pages: wait for auth, and otherwise ask the visitor to log in. */
export function LoginRequired({ initialized, signedIn, subTitle, children }: LoginRequiredProps) {
  const navigate = useNavigate();
  if (!initialized) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  if (!signedIn) {
    return (
      <Result
        status="info"
        title="请先登录"
        subTitle={subTitle}
        extra={
          <Button type="primary" onClick={() => navigate(paths.login)}>
            去登录
          </Button>
        }
      />
    );
  }
  return <>{children}</>;
}
