import { Button, Card, Result } from 'antd';
import { HomeOutlined, RocketOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface ComingSoonProps {
  title: string;
}

/** Stand-in for screens whose feature lands in a later issue; each is replaced by one line in router.tsx. */
export function ComingSoon({ title }: ComingSoonProps) {
  useDocumentTitle(title);
  const navigate = useNavigate();
  return (
    <div className="page page-narrow">
      <Card>
        <Result
          icon={<RocketOutlined style={{ color: 'var(--ant-color-primary, #16a34a)' }} />}
          title={title}
          subTitle="该功能即将上线，敬请期待"
          extra={
            <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(paths.home)}>
              返回首页
            </Button>
          }
        />
      </Card>
    </div>
  );
}
