import type { UserInfo } from '@lingxi/shared';
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { unbindWechat } from '../api/unbind-wechat';
import { WECHAT_TEXT } from '../wechat-texts';
import { WechatAccountsList } from './wechat-accounts-list';
import { WechatBindModal } from './wechat-bind-modal';

interface WechatBindingCardProps {
  user: UserInfo;
  /** Refetches the current user (after a bind, spec §2 profile). */
  onRefreshUser: () => Promise<void> | void;
  onUserChanged: (user: UserInfo) => void;
  onSessionLost: () => void;
}

/** The profile's WeChat block: bound or unbound, the linked accounts, bind (QR modal) and unbind. */
export function WechatBindingCard({ user, onRefreshUser, onUserChanged, onSessionLost }: WechatBindingCardProps) {
  const { message } = useFeedback();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [unbinding, setUnbinding] = useState(false);
  const handled = useRef(false);
  const bound = user.binding_status.has_wechat;

  // Back from the WeChat redirect with ?bind=success: say so once, reload the user, and clean the address.
  useEffect(() => {
    if (params.get('bind') !== 'success' || handled.current) return;
    handled.current = true;
    message.success(WECHAT_TEXT.bindSucceeded);
    void onRefreshUser();
    const rest = new URLSearchParams(params);
    rest.delete('bind');
    setParams(rest, { replace: true });
  }, [params, setParams, message, onRefreshUser]);

  const onBound = () => {
    setOpen(false);
    message.success(WECHAT_TEXT.bindSucceeded);
    void onRefreshUser();
  };

  const onUnbind = async () => {
    setUnbinding(true);
    try {
      onUserChanged(await unbindWechat());
      message.success('已解绑微信');
    } catch (error) {
      if (error instanceof ApiError && (error.status === 401 || error.status === 403)) onSessionLost();
      else message.error(errorMessage(error, '解绑失败，请重试'));
    } finally {
      setUnbinding(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <WechatOutlined style={{ color: '#07c160', marginRight: 8 }} />
          微信绑定
        </span>
      }
      className="wechat-binding-card"
    >
      <Flex vertical gap={12}>
        <Flex align="center" gap={8} wrap>
          {bound ? <Tag color="success">已绑定微信</Tag> : <Tag>未绑定微信</Tag>}
          {bound ? null : <Typography.Text type="secondary">绑定后可使用微信扫码登录</Typography.Text>}
        </Flex>
        {bound ? <WechatAccountsList user={user} /> : null}
        <Flex gap={8} wrap>
          {bound ? (
            user.phone ? (
              <Popconfirm
                title="解绑微信"
                description="解绑后将不能再用此微信扫码登录，确定解绑吗？"
                okText="解绑"
                cancelText="取消"
                onConfirm={onUnbind}
              >
                <Button loading={unbinding}>解绑微信</Button>
              </Popconfirm>
            ) : (
              <Typography.Text type="secondary">绑定手机号后才能解绑微信</Typography.Text>
            )
          ) : (
            <Button type="primary" icon={<WechatOutlined />} onClick={() => setOpen(true)}>
              绑定微信
            </Button>
          )}
        </Flex>
      </Flex>
      <WechatBindModal open={open} onClose={() => setOpen(false)} onBound={onBound} />
    </Card>
  );
}
