import type { WechatQrStatusData } from '@lingxi/shared';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getQrStatus } from '../api/get-qr-status';
import { returnedOaState, withoutOaState } from '../lib/oa-return';

/**
 * Back from the official account's authorization at `…?wechat_oa=<state>` (ADR 020): removes the state from the
 * address, reads the outcome once (only this browser, which holds the creator cookie, may) and hands it over.
 * Answers true while the outcome is being read and handled.
 */
export function useOaReturn(onOutcome: (status: WechatQrStatusData | null) => Promise<void> | void): boolean {
  const location = useLocation();
  const navigate = useNavigate();
  const state = returnedOaState(location.search);
  const handled = useRef<string | null>(null);
  const outcome = useRef(onOutcome);
  const [busy, setBusy] = useState(Boolean(state));
  useEffect(() => {
    outcome.current = onOutcome;
  });

  useEffect(() => {
    if (!state || handled.current === state) return;
    handled.current = state;
    setBusy(true);
    navigate(withoutOaState(location), { replace: true, state: location.state });
    void getQrStatus(state)
      .catch(() => null)
      .then((status) => outcome.current(status))
      .catch(() => undefined)
      .finally(() => setBusy(false));
  }, [state, location, navigate]);

  return busy;
}
