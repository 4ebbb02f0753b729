import { useNavigate } from 'react-router';
import { Button } from '@/components/controls/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { StatusPage } from './status-page';

export function NotFoundRoute() {
  useDocumentTitle('页面不存在');
  const navigate = useNavigate();
  return (
    <StatusPage icon="not-found" title="页面不存在" subtitle="您访问的页面不存在或已被移除">
      <Button variant="primary" onClick={() => navigate(paths.home)}>
        返回首页
      </Button>
    </StatusPage>
  );
}
