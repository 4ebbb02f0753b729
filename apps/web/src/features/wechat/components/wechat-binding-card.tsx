import type { UserInfo } from '@lingxi/shared';
import { Button, Card, Flex, Popconfirm, Tag, Typography } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFeedback } from '@/lib/feedback';
import { startOaAuthorization } from '../api/start-oa-authorization';
import { unbindWechat } from '../api/unbind-wechat';
import { useOaReturn } from '../hooks/use-oa-return';
import { inWechatBrowser } from '../lib/oa-return';
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

/**
 * The profile's WeChat block: bound or unbound, the linked accounts, bind and unbind. Binding shows the QR modal, or
 * inside WeChat's browser goes through the official account's authorization and comes back here (issue 19).
 */
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

  const [authorizing, setAuthorizing] = useState(false);
  useOaReturn((status) => {
    if (status?.intent !== 'bind') return;
    if (status.status === 'scanned') {
      message.success(WECHAT_TEXT.bindSucceeded);
      void onRefreshUser();
    } else message.error(status.message || '微信授权未完成，请重试');
  });
  const startBind = async () => {
    if (!inWechatBrowser()) {
      setOpen(true);
      return;
    }
    setAuthorizing(true);
    try {
      window.location.assign(await startOaAuthorization('bind', window.location.pathname));
    } catch (error) {
      setAuthorizing(false);
      // No official account on this site: the QR modal, which explains 长按识别 on a phone.
      if (error instanceof ApiError && error.status === 404) setOpen(true);
      else message.error(errorMessage(error, WECHAT_TEXT.bindStartFailed));
    }
  };

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
      // A 403 keeps the page and what was typed, and says why (issue 19); only a dropped session leaves.
      if (error instanceof ApiError && error.status === 401) onSessionLost();
      else message.error(errorMessage(error, '解绑失败，请重试'));
    } finally {
      setUnbinding(false);
    }
  };

  return (
    <Card
      title={
        <span>
          <WechatOutlined style={{ color: '#07c160', marginRight: 8 }} aria-hidden />
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
              <Typography.Text type="secondary">
                绑定手机号后才能解绑微信，<Link to={`${paths.bindPhone}?from=${encodeURIComponent(paths.profile)}`}>去绑定手机号</Link>
              </Typography.Text>
            )
          ) : (
            <Button type="primary" icon={<WechatOutlined aria-hidden />} loading={authorizing} onClick={() => void startBind()}>
              绑定微信
            </Button>
          )}
        </Flex>
      </Flex>
      <WechatBindModal open={open} onClose={() => setOpen(false)} onBound={onBound} />
    </Card>
  );
}
