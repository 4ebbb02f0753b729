import { WECHAT_QR_POLL_MS } from '@lingxi/shared/rules';
import type { WechatQrStatusData } from '@lingxi/shared';
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError, errorMessage } from '@/lib/api-client';
import { getQrStatus } from '../api/get-qr-status';
import { WECHAT_TEXT, type QrSource } from '../wechat-texts';

export type QrPhase = 'idle' | 'generating' | 'waiting' | 'scanned' | 'expired' | 'error';

interface Options {
  /** Generates and polls only while true (tab shown, consent given, modal open). */
  enabled: boolean;
  create: () => Promise<QrSource>;
  /** Called once with the scanned status; a throw turns the panel into the error state with `scanFailedText`. */
  onScanned: (status: WechatQrStatusData) => Promise<void> | void;
  createFailedText: (error: unknown) => string;
  scanFailedText: string;
  /** Register tab: stop after this long with '二维码轮询已超时，请重新生成' (spec §4, 60 s). */
  pollTimeoutMs?: number;
  onTimeout?: () => void;
}

const MAX_POLL_FAILURES = 3;

/**
 * The QR state machine of spec §4: generating → waiting (poll every 2 s) → scanned | expired | error. A poll answered
 * 404 means the QR is gone; a few network failures in a row end in the error state instead of polling forever.
 */
interface QrState {
  phase: QrPhase;
  qr: QrSource | null;
  errorText?: string;
  errorDetail?: string;
}
const IDLE: QrState = { phase: 'idle', qr: null };
const GENERATING: QrState = { phase: 'generating', qr: null };

export function useWechatQr(o: Options) {
  // Each QR attempt is a run: a new one starts when the panel is enabled again or refreshed. What an attempt shows is
  // kept with its run number, so nothing of the previous attempt shows while the next one generates.
  const [run, setRun] = useState(0);
  const [wasEnabled, setWasEnabled] = useState(o.enabled);
  if (o.enabled !== wasEnabled) {
    setWasEnabled(o.enabled);
    if (o.enabled) setRun((r) => r + 1);
  }
  const [state, setState] = useState<QrState & { run: number }>({ run: -1, ...GENERATING });
  // The caller's latest options and callbacks, read by the running attempt without restarting it.
  const latest = useEffectEvent(() => o);

  useEffect(() => {
    if (!o.enabled) return;
    let stopped = false;
    let source: QrSource | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const show = (next: Omit<QrState, 'qr'>) => setState({ run, qr: source, ...next });
    const stop = () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(deadline);
      controller.abort();
    };
    const fail = (text: string, detail?: string) => {
      stop();
      show({ phase: 'error', errorText: text, errorDetail: detail && detail !== text ? detail : undefined });
    };
    const expire = (text: string) => {
      stop();
      show({ phase: 'expired', errorText: text });
    };

    const start = async () => {
      let created: QrSource;
      try {
        created = await latest().create();
      } catch (error) {
        if (!stopped) fail(latest().createFailedText(error));
        return;
      }
      if (stopped) return;
      source = created;
      show({ phase: 'waiting' });
      const { pollTimeoutMs } = latest();
      if (pollTimeoutMs) {
        deadline = setTimeout(() => {
          expire(WECHAT_TEXT.pollTimeout);
          latest().onTimeout?.();
        }, pollTimeoutMs);
      }
      let failures = 0;
      const poll = async () => {
        if (stopped) return;
        let status: WechatQrStatusData;
        try {
          status = await getQrStatus(created.qrId, controller.signal);
        } catch (error) {
          if (stopped) return;
          if (error instanceof ApiError && error.status === 404) return expire(WECHAT_TEXT.expired);
          failures += 1;
          if (failures >= MAX_POLL_FAILURES) return fail(WECHAT_TEXT.pollBroken);
          pollTimer = setTimeout(poll, WECHAT_QR_POLL_MS);
          return;
        }
        if (stopped) return;
        failures = 0;
        if (status.status === 'waiting') {
          pollTimer = setTimeout(poll, WECHAT_QR_POLL_MS);
        } else if (status.status === 'expired') {
          expire(WECHAT_TEXT.expired);
        } else if (status.status === 'failed') {
          fail(status.message ?? latest().scanFailedText);
        } else {
          stop();
          show({ phase: 'scanned' });
          try {
            await latest().onScanned(status);
          } catch (error) {
            fail(latest().scanFailedText, errorMessage(error, latest().scanFailedText));
          }
        }
      };
      pollTimer = setTimeout(poll, WECHAT_QR_POLL_MS);
    };
    void start();
    return stop;
  }, [o.enabled, run]);

  const shown = !o.enabled ? IDLE : state.run === run ? state : GENERATING;
  return { ...shown, refresh: () => setRun((r) => r + 1) };
}
