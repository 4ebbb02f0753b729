import type { ReactNode } from 'react';
import './status-page.css';

interface StatusPageProps {
  icon: 'error' | 'offline' | 'not-found';
  title: string;
  subtitle: ReactNode;
  children?: ReactNode;
}

// One line each, in the theme's colours (antd's Result illustrations are blue and ~10 KB of SVG).
const ICONS: Record<StatusPageProps['icon'], ReactNode> = {
  error: <path d="M12 7v6m0 3.5v.5" />,
  offline: <path d="M2 8.5a15 15 0 0 1 20 0M5.5 12a10 10 0 0 1 13 0M9 15.5a5 5 0 0 1 6 0M12 19h.01M3 3l18 18" />,
  'not-found': <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3v.5" />,
};

/**
 * The app's own status pages (a crashed or unreachable page, 404): plain markup so the error page ships in the first
 * bundle and works when nothing else can be loaded (issue 19).
 */
export function StatusPage({ icon, title, subtitle, children }: StatusPageProps) {
  return (
    <section className={`status-page status-page-${icon}`} role={icon === 'not-found' ? undefined : 'alert'}>
      <svg className="status-page-icon" viewBox="0 0 24 24" aria-hidden="true">
        {icon === 'offline' ? null : <circle cx="12" cy="12" r="10" />}
        {ICONS[icon]}
      </svg>
      <h1 className="status-page-title">{title}</h1>
      <p className="status-page-subtitle">{subtitle}</p>
      {children ? <div className="status-page-actions">{children}</div> : null}
    </section>
  );
}
