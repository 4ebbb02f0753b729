import { BAZI_MESSAGES } from '@lingxi/shared/rules';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';

export function EmptyResult() {
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={BAZI_MESSAGES.empty}
      extra={
        <Button type="primary" onClick={() => navigate(paths.baziInput)}>
          去排盘
        </Button>
      }
    />
  );
}
