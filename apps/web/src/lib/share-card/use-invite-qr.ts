import type { referrerLinkResponse } from '@lingxi/shared';
import { useEffect, useState } from 'react';
import { apiClient, type Answer } from '@/lib/api-client';
import { qrDataUrl } from './qr-code';

/** The user's own invitation link (GET /referrer/referrer-link/{id}), for the QR code on a share card. */
export async function getInviteLink(userId: string, signal?: AbortSignal): Promise<string> {
  const res = await apiClient.get<Answer<typeof referrerLinkResponse>>(`/referrer/referrer-link/${encodeURIComponent(userId)}`, { signal });
  return res.data.link;
}

/**
 * The QR code of a share card, made once the dialog opens: the user's invitation link, or — for an account without
 * one (WeChat-only, no phone) or when it cannot be read — the site itself. Null until ready.
 */
export function useInviteQr(open: boolean, userId: string | null): string | null {
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    if (!open || qr) return;
    const controller = new AbortController();
    const link = userId
      ? getInviteLink(userId, controller.signal).catch(() => window.location.origin)
      : Promise.resolve(window.location.origin);
    void link.then(qrDataUrl).then((url) => !controller.signal.aborted && setQr(url));
    return () => controller.abort();
  }, [open, userId, qr]);
  return qr;
}
