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
  const phone = boundPhone ?? typed.trim();
  // What the lookup is for: an answer shows only while the number it was asked for is still the one on screen.
  const key = `${boundPhone ? 'bound' : 'typed'}:${phone}`;
  const [answer, setAnswer] = useState<{ key: string; found: ReferrerView | null } | null>(null);

  useEffect(() => {
    if (!PHONE_PATTERN.test(phone)) return;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        const load = boundPhone ? getMyReferrer(controller.signal) : lookupReferrer(phone, controller.signal);
        load.then(
          (v) => !controller.signal.aborted && setAnswer({ key, found: v ?? null }),
          () => !controller.signal.aborted && setAnswer({ key, found: null }),
        );
      },
      boundPhone ? 0 : 300,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [phone, boundPhone, key]);

  return answer?.key === key && PHONE_PATTERN.test(phone) ? answer.found : null;
}
