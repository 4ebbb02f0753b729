import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { MemoryCard } from '@/features/memory/components/memory-card';
import { ReferrerCard } from '@/features/referrer/components/referrer-card';
import { EmergencyContactCard } from '@/features/safety/components/emergency-contact-card';
import { MinorModeCard } from '@/features/safety/components/minor-mode-card';
import { MyReportsCard } from '@/features/safety/components/my-reports-card';
import { WechatBindingCard } from '@/features/wechat/components/wechat-binding-card';

/** /profile: the profile feature with the WeChat and referrer blocks composed in (features never import each other). */
export function ProfileRoute() {
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  const refreshUser = useAuthStore((s) => s.refreshUser);
  const reset = useAuthStore((s) => s.reset);
  const navigate = useNavigate();
  if (!user) return null;
  // Spec §2 profile: a 401 or 403 sends the browser to /login.
  const toLogin = () => navigate(paths.login, { replace: true });
  return (
    <ProfilePage
      user={user}
      onUserUpdated={setUser}
      wechatBindingSlot={<WechatBindingCard user={user} onRefreshUser={refreshUser} onUserChanged={setUser} onSessionLost={toLogin} />}
      referrerSlot={<ReferrerCard user={user} onRefreshUser={refreshUser} onSessionLost={toLogin} />}
      safetySlot={
        <>
          <MemoryCard to={paths.memory} />
          <MinorModeCard />
          <EmergencyContactCard />
          <MyReportsCard />
        </>
      }
      onAccountDeleted={() => {
        reset();
        toLogin();
      }}
    />
  );
}
