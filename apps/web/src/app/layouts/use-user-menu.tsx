import type { MenuProps } from 'antd';
import { FlagOutlined, GiftOutlined, LogoutOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useFeedback } from '@/lib/feedback';

/** One list of user-menu entries for the desktop dropdown and the mobile drawer, so they cannot drift apart. */
export function useUserMenu(onPicked?: () => void) {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const logout = useLogout();
  const isAdmin = useAuthStore((s) => !!s.user?.is_admin);

  const items: MenuProps['items'] = [
    { key: 'profile', icon: <UserOutlined />, label: '个人中心' },
    { key: 'rewards', icon: <GiftOutlined />, label: '我的打赏' },
    ...(isAdmin ? [{ key: 'reports', icon: <FlagOutlined />, label: '举报处理' }] : []),
    { key: 'settings', icon: <SettingOutlined />, label: '设置' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];

  const onClick: MenuProps['onClick'] = ({ key }) => {
    onPicked?.();
    if (key === 'profile') navigate(paths.profile);
    else if (key === 'rewards') navigate(paths.rewardHistory);
    else if (key === 'reports') navigate(paths.reportQueue);
    else if (key === 'settings') message.info('设置功能即将上线');
    else if (key === 'logout') void logout();
  };

  return { items, onClick };
}
