import type { ReactNode } from 'react';

interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}

/** A native checkbox in antd's look (controls.css): the consent box on every sign-in card (ADR 011). */
export function Checkbox({ checked, onChange, children }: CheckboxProps) {
  return (
    <label className="checkbox">
      <span className={`checkbox-box${checked ? ' checkbox-checked' : ''}`}>
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      </span>
      <span className="checkbox-label">{children}</span>
    </label>
  );
}
