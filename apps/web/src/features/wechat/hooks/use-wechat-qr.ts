import { WECHAT_QR_POLL_MS } from '@lingxi/shared/rules';
import type { WechatQrStatusData } from '@lingxi/shared';
import { useEffect, useRef, useState } from 'react';
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
export function useWechatQr(o: Options) {
  const [phase, setPhase] = useState<QrPhase>('idle');
  const [qr, setQr] = useState<QrSource | null>(null);
  const [errorText, setErrorText] = useState<string>();
  const [errorDetail, setErrorDetail] = useState<string>();
  const [generation, setGeneration] = useState(0);
  const latest = useRef(o);
  latest.current = o;

  useEffect(() => {
    if (!o.enabled) {
      setPhase('idle');
      return;
    }
    let stopped = false;
    let pollTimer: ReturnType<typeof setTimeout> | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const stop = () => {
      stopped = true;
      clearTimeout(pollTimer);
      clearTimeout(deadline);
      controller.abort();
    };
    const fail = (text: string, detail?: string) => {
      stop();
      setPhase('error');
      setErrorText(text);
      setErrorDetail(detail && detail !== text ? detail : undefined);
    };
    const expire = (text: string) => {
      stop();
      setPhase('expired');
      setErrorText(text);
    };

    setPhase('generating');
    setQr(null);
    setErrorText(undefined);
    setErrorDetail(undefined);

    const run = async () => {
      let source: QrSource;
      try {
        source = await latest.current.create();
      } catch (error) {
        if (!stopped) fail(latest.current.createFailedText(error));
        return;
      }
      if (stopped) return;
      setQr(source);
      setPhase('waiting');
      if (latest.current.pollTimeoutMs) {
        deadline = setTimeout(() => {
          expire(WECHAT_TEXT.pollTimeout);
          latest.current.onTimeout?.();
        }, latest.current.pollTimeoutMs);
      }
      let failures = 0;
      const poll = async () => {
        if (stopped) return;
        let status: WechatQrStatusData;
        try {
          status = await getQrStatus(source.qrId, controller.signal);
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
          fail(status.message ?? latest.current.scanFailedText);
        } else {
          stop();
          setPhase('scanned');
          try {
            await latest.current.onScanned(status);
          } catch (error) {
            fail(latest.current.scanFailedText, errorMessage(error, latest.current.scanFailedText));
          }
        }
      };
      pollTimer = setTimeout(poll, WECHAT_QR_POLL_MS);
    };
    void run();
    return stop;
  }, [o.enabled, generation]);

  return { phase, qr, errorText, errorDetail, refresh: () => setGeneration((g) => g + 1) };
}
