import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

type Level = 'success' | 'error' | 'info' | 'warning';

export interface WarningDialog {
  title: string;
  content: ReactNode;
  okText: string;
}

/** What pages use of antd's App feedback: toasts and the one warning dialog (login failure, spec §8). */
export interface Feedback {
  message: Record<Level, (content: string) => void>;
  modal: { warning: (dialog: WarningDialog) => void };
}

type Call = { kind: 'message'; level: Level; content: string } | { kind: 'warning'; dialog: WarningDialog };
export type FeedbackCall = Call & { id: number };

// antd's message, notification and modal machinery (~20 KB brotli) is needed only once something is said; it loads then.
const FeedbackHost = lazy(() => import('./feedback-host').then((m) => ({ default: m.FeedbackHost })));

const FeedbackContext = createContext<Feedback | null>(null);

/**
 * Stands where antd's <App> stood: same themed toasts and dialogs (the host renders antd's own holders inside the
 * ConfigProvider), but the first call loads them instead of every page start. Calls made before the host has loaded
 * wait in order and are shown as soon as it has.
 */
export function FeedbackProvider({ children }: { children: ReactNode }) {
  // Only calls not yet shown are kept; once anything was said the host stays mounted, so its toasts and dialogs live on.
  const [calls, setCalls] = useState<FeedbackCall[]>([]);
  const [hostNeeded, setHostNeeded] = useState(false);
  const shown = useCallback((upTo: number) => setCalls((queue) => queue.filter((c) => c.id > upTo)), []);
  const feedback = useMemo<Feedback>(() => {
    let next = 0;
    const push = (call: Call) => {
      const id = ++next;
      setCalls((queue) => [...queue, { ...call, id }]);
      setHostNeeded(true);
    };
    const say = (level: Level) => (content: string) => push({ kind: 'message', level, content });
    return {
      message: { success: say('success'), error: say('error'), info: say('info'), warning: say('warning') },
      modal: { warning: (dialog) => push({ kind: 'warning', dialog }) },
    };
  }, []);
  return (
    <FeedbackContext.Provider value={feedback}>
      <div className="app-root">{children}</div>
      {hostNeeded ? (
        <Suspense fallback={null}>
          <FeedbackHost calls={calls} onShown={shown} />
        </Suspense>
      ) : null}
    </FeedbackContext.Provider>
  );
}

export function useFeedback(): Feedback {
  const feedback = useContext(FeedbackContext);
  if (!feedback) throw new Error('useFeedback needs <FeedbackProvider> (app/provider.tsx)');
  return feedback;
}
