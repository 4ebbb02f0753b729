import type { UserInfo } from '@lingxi/shared';
import { Button, Card, Flex, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useState } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { exportMyData } from '../api/export-my-data';
import { downloadJson } from '../download-json';
import { DeleteAccountModal } from './delete-account-modal';

interface DataRightsCardProps {
  user: UserInfo;
  /** After deletion: the session is gone; the app signs out locally and leaves the page. */
  onDeleted: () => void;
}

/** Personal-data rights (PIPL Art. 45, 47): a JSON copy of everything, and account deletion. */
export function DataRightsCard({ user, onDeleted }: DataRightsCardProps) {
  const { message } = useFeedback();
  const [exporting, setExporting] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const onExport = async () => {
    setExporting(true);
    try {
      downloadJson(await exportMyData(), `lingxi-my-data-${dayjs().format('YYYYMMDD')}.json`);
      message.success('数据已导出');
    } catch (error) {
      message.error(errorMessage(error, '导出失败，请重试'));
    } finally {
      setExporting(false);
    }
  };

  return (
    <Card title="个人信息管理" className="data-rights-card">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">您可以导出我们保存的关于您的全部数据（JSON 文件），或注销账号并删除个人信息。</Typography.Text>
        <Flex gap={8} wrap>
          <Button icon={<DownloadOutlined />} onClick={onExport} loading={exporting}>
            导出我的数据
          </Button>
          <Button danger icon={<DeleteOutlined />} onClick={() => setDeleteOpen(true)} disabled={!user.phone}>
            注销账号
          </Button>
        </Flex>
        {user.phone ? null : <Typography.Text type="secondary">请先绑定手机号，注销账号需要短信验证码确认</Typography.Text>}
      </Flex>
      {user.phone ? (
        <DeleteAccountModal open={deleteOpen} phone={user.phone} onClose={() => setDeleteOpen(false)} onDeleted={onDeleted} />
      ) : null}
    </Card>
  );
}
