import type { ButtonHTMLAttributes, MouseEvent, ReactNode, Ref } from 'react';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'default' | 'text';
  size?: 'middle' | 'large';
  block?: boolean;
  /** Shows a spinner and ignores presses (a form cannot be sent twice), but stays focusable, as antd's loading. */
  loading?: boolean;
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** antd's Button look for the first screen (header, sign-in cards) without antd's Button (ADR 011; controls.css). */
export function Button({
  variant = 'default',
  size = 'middle',
  block,
  loading,
  icon,
  className,
  children,
  type = 'button',
  onClick,
  ...rest
}: ButtonProps) {
  const classes = [
    'btn',
    `btn-${variant}`,
    size === 'large' && 'btn-lg',
    block && 'btn-block',
    loading && 'btn-loading',
    !children && 'btn-icon-only',
    className,
  ];
  return (
    <button
      {...rest}
      type={type}
      className={classes.filter(Boolean).join(' ')}
      aria-busy={loading || undefined}
      onClick={(e: MouseEvent<HTMLButtonElement>) => {
        if (loading) e.preventDefault();
        else onClick?.(e);
      }}
    >
      {loading ? <span className="btn-spinner" aria-hidden="true" /> : icon}
      {/* No space inside two-character labels (登录, not 登 录): antd's autoInsertSpace is off too (app/provider.tsx). */}
      {children ? <span>{children}</span> : null}
    </button>
  );
}
