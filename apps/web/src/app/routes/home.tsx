import { useAuthStore } from '@/features/auth/stores/auth-store';
import { useLogout } from '@/features/auth/hooks/use-logout';
import { HomePage } from '@/features/home/components/home-page';
import { InstallBanner } from '@/features/install';
import { SupportUsButton } from '@/features/reward';

/** ProtectedRoute guarantees a user here; the guard below only narrows the type. */
export function HomeRoute() {
  const user = useAuthStore((s) => s.user);
  const logout = useLogout();
  if (!user) return null;
  return (
    <>
      <HomePage user={user} onLogout={() => void logout()} supportSlot={<SupportUsButton />} />
      <InstallBanner />
    </>
  );
}
