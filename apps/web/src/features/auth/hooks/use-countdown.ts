import { useCallback, useEffect, useState } from 'react';

const TICK_MS = 250;

/**
 * Seconds left before an action may repeat. Counts against a deadline rather than decrementing per tick, because
 * browsers throttle timers in background tabs and a decrementing counter would then run slow.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= deadline) clearInterval(id);
    }, TICK_MS);
    return () => clearInterval(id);
  }, [deadline]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setDeadline(t + Math.max(0, Math.floor(seconds)) * 1000);
  }, []);

  const seconds = Math.max(0, Math.ceil((deadline - now) / 1000));
  return { seconds, running: seconds > 0, start };
}
