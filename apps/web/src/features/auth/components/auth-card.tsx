import type { ReactNode } from 'react';
import { config } from '@/config/env';

interface AuthCardProps {
  title?: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/**
 * The narrow centred card shared by login, register and bind-phone; full width below 440 px. Plain markup styled in
 * global.css to antd's card look: antd's Card brings its tab and skeleton variants onto the first page a visitor opens.
 */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <div className="auth-card-wrap">
      <section className="auth-card">
        <header className="auth-card-head">
          <h1 className="auth-card-title">{title ?? config.productName}</h1>
          {subtitle ? <p className="auth-card-subtitle">{subtitle}</p> : null}
        </header>
        {children}
        {footer ? <div className="auth-card-footer">{footer}</div> : null}
      </section>
    </div>
  );
}
