import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { baziResultHref } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { getSavedChart } from '../api/get-saved-chart';
import { getSavedCharts } from '../api/get-saved-charts';
import { useBaziStore } from '../stores/bazi-store';

export type ResultStatus = 'ready' | 'loading' | 'empty' | 'missing' | 'failed';

/**
 * The chart /baziresult shows (issue #15): the one the address names (?id=), loaded when the store does not hold it,
 * so a refresh, a link of one's own, back and forward all show it again. Without an id the chart just cast is shown,
 * else the latest saved chart (its id then goes into the address).
 */
export function useResultChart(): { status: ResultStatus; error: string | null; reload: () => void } {
  const [params] = useSearchParams();
  const id = params.get('id');
  const navigate = useNavigate();
  const result = useBaziStore((s) => s.result);
  const saved = useBaziStore((s) => s.saved);
  const [state, setState] = useState<{ key: string; status: ResultStatus; error: string | null } | null>(null);
  const [attempt, setAttempt] = useState(0);
  const want = id ? `id:${id}#${attempt}` : `latest#${attempt}`;
  const holds = id ? saved?.id === id && result !== null : result !== null;

  useEffect(() => {
    if (holds) return;
    const controller = new AbortController();
    const settle = (status: ResultStatus, error: string | null = null) => {
      if (!controller.signal.aborted) setState({ key: want, status, error });
    };
    void (async () => {
      try {
        if (id) {
          const chart = await getSavedChart(id, { signal: controller.signal });
          if (controller.signal.aborted) return;
          useBaziStore.getState().setResult(chart.result, { id: chart.id, name: chart.name, input: chart.input });
          settle('ready');
          return;
        }
        const latest = (await getSavedCharts(1, 1, controller.signal)).records[0];
        if (controller.signal.aborted) return;
        if (latest) void navigate(baziResultHref(latest.id), { replace: true });
        else settle('empty');
      } catch (err) {
        if (controller.signal.aborted) return;
        if (err instanceof ApiError && err.status === 404) settle('missing');
        else settle('failed', errorMessage(err, '加载命盘失败，请重试'));
      }
    })();
    return () => controller.abort();
  }, [id, holds, want, navigate]);

  if (holds) return { status: 'ready', error: null, reload: () => setAttempt((n) => n + 1) };
  const current = state?.key === want ? state : null;
  return { status: current?.status ?? 'loading', error: current?.error ?? null, reload: () => setAttempt((n) => n + 1) };
}
