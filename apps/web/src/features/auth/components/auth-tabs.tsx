import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface AuthTab<K extends string> {
  key: K;
  label: string;
  content: ReactNode;
}

interface AuthTabsProps<K extends string> {
  tabs: AuthTab<K>[];
  active: K;
  onChange: (key: K) => void;
  /** Names the tab strip for screen readers ('登录方式'). */
  label: string;
}

const STEP: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };

/**
 * The tab strip of the sign-in cards. antd's Tabs carries an overflow menu, dropdown and motion that two or three
 * fixed labels never use, about 25 KB gzip on the first page most visitors open. This follows the WAI-ARIA tabs
 * pattern (arrow, Home and End keys) and, like antd, keeps a visited panel mounted but hidden, so a half-filled form
 * survives a look at another tab and a panel nobody opened (the WeChat QR) is never built.
 */
export function AuthTabs<K extends string>({ tabs, active, onChange, label }: AuthTabsProps<K>) {
  const id = useId();
  // Every tab shown so far; a newly active one joins during this render, before anything is drawn.
  const [visited, setVisited] = useState<K[]>([active]);
  if (!visited.includes(active)) setVisited([...visited, active]);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key in STEP
        ? (index + STEP[event.key]! + tabs.length) % tabs.length
        : event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? last
            : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(tabs[next]!.key);
    buttons.current[next]?.focus();
  };

  return (
    <div className="auth-tabs">
      <div role="tablist" aria-label={label} className="auth-tabs-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(el) => {
              buttons.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.key}`}
            aria-selected={tab.key === active}
            aria-controls={`${id}-panel-${tab.key}`}
            tabIndex={tab.key === active ? 0 : -1}
            className="auth-tabs-tab"
            onClick={() => onChange(tab.key)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs
        .filter((tab) => tab.key === active || visited.includes(tab.key))
        .map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={`${id}-panel-${tab.key}`}
            aria-labelledby={`${id}-tab-${tab.key}`}
            hidden={tab.key !== active}
          >
            {tab.content}
          </div>
        ))}
    </div>
  );
}
