import { MSG, NAME_MIN } from '@lingxi/shared/rules';
import type { UserInfo } from '@lingxi/shared';
import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { updateProfile } from '../api/update-profile';

interface UsernameFormProps {
  user: UserInfo;
  onUpdated: (user: UserInfo) => void;
  /** A 401 means the session is gone (spec §2 profile); a 403 is shown on the page instead (issue 19). */
  onSessionLost: () => void;
}

export function UsernameForm({ user, onUpdated, onSessionLost }: UsernameFormProps) {
  const { message } = useFeedback();
  const [saving, setSaving] = useState(false);

  const onFinish = async ({ username }: { username: string }) => {
    setSaving(true);
    try {
      onUpdated(await updateProfile(username.trim()));
      message.success('用户名已更新');
    } catch (error) {
      // A 403 keeps the page and what was typed, and says why (issue 19); only a dropped session leaves.
      if (error instanceof ApiError && error.status === 401) onSessionLost();
      else message.error(errorMessage(error, '更新失败'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title="修改用户名">
      <Form layout="vertical" name="profile-username" initialValues={{ username: user.username ?? '' }} onFinish={onFinish}>
        <Form.Item
          name="username"
          label="用户名"
          rules={[
            { required: true, whitespace: true, message: MSG.usernameMin },
            { min: NAME_MIN, message: MSG.usernameMin },
          ]}
        >
          <Input placeholder="请输入用户名" maxLength={32} autoComplete="nickname" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
