import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuthStore } from '@/features/auth/stores/auth-store';
import { ChatPage } from '@/features/chat/components/chat-page';
import { settleOnExit } from '@/features/memory/api/memory-api';
import { MemoryNotice } from '@/features/memory/components/memory-notice';
import { DeepOffer } from '@/features/orders';
import { TipButton } from '@/features/reward/components/reward-tip-button';
import { EmergencyAlertAction } from '@/features/safety/components/emergency-alert-action';
import { ReportAction } from '@/features/safety/components/report-action';
import { SafetyGuard } from '@/features/safety/components/safety-guard';

const SAFETY = { Guard: SafetyGuard, ReportAction, CrisisAction: EmergencyAlertAction };

/**
 * /chat/:type: the chat feature with the reward feature's tip button, the orders feature's deep service and the safety
 * feature's notice, reminder, 举报 and emergency contact composed in (features never import each other).
 */
export function ChatRoute() {
  const user = useAuthStore((s) => s.user);
  const reset = useAuthStore((s) => s.reset);
  const navigate = useNavigate();
  const location = useLocation();
  // ?session=&ask= come from a chart's "让AI解读" (issue #15): read once, then dropped from the address so a refresh
  // does not ask again.
  const [opening] = useState(() => {
    const q = new URLSearchParams(location.search);
    return { session: q.get('session'), ask: q.get('ask') };
  });
  useEffect(() => {
    if (opening.session || opening.ask) void navigate(location.pathname, { replace: true });
  }, [opening, navigate, location.pathname]);
  if (!user) return null;
  // Spec §8: a 401 or 403 from the chat stream drops the session and goes to /login.
  const onUnauthorized = () => {
    reset();
    navigate(paths.login, { replace: true, state: { reason: 'expired' } });
  };
  return (
    <ChatPage
      userId={user.id}
      onUnauthorized={onUnauthorized}
      tipButton={TipButton}
      deepOffer={DeepOffer}
      safety={SAFETY}
      openSession={opening.session}
      firstQuestion={opening.ask}
      onLeaveSession={settleOnExit}
      memoryNotice={<MemoryNotice to={paths.memory} />}
    />
  );
}
