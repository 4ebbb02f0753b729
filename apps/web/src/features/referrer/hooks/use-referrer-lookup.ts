import { PHONE_PATTERN } from '@lingxi/shared/rules';
import type { ReferrerView } from '@lingxi/shared';
import { useEffect, useState } from 'react';
import { getMyReferrer } from '../api/get-my-referrer';
import { lookupReferrer } from '../api/lookup-referrer';

/**
 * Who the referrer is: the bound one (my-referrer) or, while typing, the owner of a complete number (lookup, 300 ms
 * after the last key). Spec §8: a failed lookup silently clears the result.
 */
export function useReferrerLookup(boundPhone: string | null, typed: string) {
  const [found, setFound] = useState<ReferrerView | null>(null);
  const phone = boundPhone ?? typed.trim();

  useEffect(() => {
    setFound(null);
    if (!PHONE_PATTERN.test(phone)) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        const load = boundPhone ? getMyReferrer(controller.signal) : lookupReferrer(phone, controller.signal);
        load.then((v) => !controller.signal.aborted && setFound(v ?? null)).catch(() => !controller.signal.aborted && setFound(null));
      },
      boundPhone ? 0 : 300,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [phone, boundPhone]);

  return found;
}
