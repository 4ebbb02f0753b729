import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ProfilePage } from '@/features/profile/components/profile-page';

export function ProfileRoute() {
  const user = useAuthStore((s) => s.user);
  const setUser = useAuthStore((s) => s.setUser);
  if (!user) return null;
  // The WeChat-binding and referrer issues pass their blocks in as wechatBindingSlot / referrerSlot here.
  return <ProfilePage user={user} onUserUpdated={setUser} />;
}
