import type { SiteFiling } from '@lingxi/shared';
import { useEffect, useState } from 'react';
import { safetyApi } from '../api/safety-api';
import '../filing.css';

// The footer is on the first screen of every page, which loads neither antd nor the query cache (ADR 010, 013):
// one plain request per page load, shared by every caller, and the answer may be cached by the browser for an hour.
let pending: Promise<SiteFiling | null> | null = null;
const loadFiling = () => (pending ??= safetyApi.filing().catch(() => ((pending = null), null)));

/**
 * The filing numbers (ICP linked to beian.miit.gov.cn, public security, generative AI service with its model), each
 * shown only when configured on the server. Used by the footer and the about page.
 */
export function FilingInfo({ className }: { className?: string }) {
  const [filing, setFiling] = useState<SiteFiling | null>(null);
  useEffect(() => {
    let live = true;
    void loadFiling().then((f) => live && setFiling(f));
    return () => {
      live = false;
    };
  }, []);
  if (!filing) return null;
  // The footer is on every page: an unexpected answer shows nothing rather than breaking the page.
  const icp = filing.icp ?? null;
  const psb = filing.public_security ?? null;
  const ai = Array.isArray(filing.generative_ai) ? filing.generative_ai : [];
  if (!icp && !psb && ai.length === 0) return null;
  return (
    <div className={className ?? 'filing-info'} data-testid="filing-info">
      {icp && (
        <a href={icp.url} target="_blank" rel="noreferrer">
          {icp.number}
        </a>
      )}
      {psb && (
        <a href={psb.url} target="_blank" rel="noreferrer">
          {psb.number}
        </a>
      )}
      {ai.map((f) => (
        <span key={f.number}>
          生成式人工智能服务备案：{f.model}（{f.number}）
        </span>
      ))}
    </div>
  );
}
