import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('页面不存在');
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="页面不存在"
      subTitle="您访问的页面不存在或已被移除"
      extra={
        <Button type="primary" onClick={() => navigate(paths.home)}>
          返回首页
        </Button>
      }
    />
  );
}
