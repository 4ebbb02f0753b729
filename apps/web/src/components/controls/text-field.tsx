import { CloseCircleFilled, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import { useId, useRef, useState, type InputHTMLAttributes, type ReactNode } from 'react';
import type { FieldBinding } from '@/hooks/use-form-fields';

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'prefix' | 'size' | 'type'>;

interface TextFieldProps extends FieldBinding, NativeProps {
  icon?: ReactNode;
  type?: 'text' | 'password';
  /** A clear (×) button while the field has text, as antd's allowClear. */
  allowClear?: boolean;
  /** Beside the input on the same line (the send-code button); the message still goes under both. */
  after?: ReactNode;
}

/**
 * A large input with its message underneath, in antd's look (controls.css), for the sign-in cards: antd's Form and
 * Input put their grid, form and input styles and ~60 KB of script on the first page most visitors open (ADR 011).
 */
export function TextField({
  name,
  value,
  error,
  onChange,
  icon,
  type = 'text',
  allowClear,
  after,
  placeholder,
  ...native
}: TextFieldProps) {
  const errorId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [revealed, setRevealed] = useState(false);
  const isPassword = type === 'password';

  const box = (
    <span
      className={`input${error ? ' input-invalid' : ''}`}
      // A press on the icon or the padding puts the caret in the input, as on antd's wrapper.
      onMouseDown={(e) => {
        if (e.target !== input.current) {
          e.preventDefault();
          input.current?.focus();
        }
      }}
    >
      {icon ? (
        <span className="input-prefix" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <input
        {...native}
        ref={input}
        name={name}
        type={isPassword && !revealed ? 'password' : 'text'}
        value={value}
        placeholder={placeholder}
        aria-label={native['aria-label'] ?? placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {allowClear ? (
        <button
          type="button"
          tabIndex={-1}
          aria-label="清除"
          // Hidden, not removed, so the text does not shift when the first character is typed (antd does the same).
          className={`input-icon input-clear${value ? '' : ' input-clear-hidden'}`}
          aria-hidden={!value || undefined}
          onClick={() => {
            onChange('');
            input.current?.focus();
          }}
        >
          <CloseCircleFilled aria-hidden />
        </button>
      ) : null}
      {isPassword ? (
        // Reachable with Tab (issue 19): a keyboard or switch user must be able to check what they typed.
        <button
          type="button"
          aria-label={revealed ? '隐藏密码' : '显示密码'}
          aria-pressed={revealed}
          className="input-icon input-reveal"
          onClick={() => setRevealed((r) => !r)}
        >
          {revealed ? <EyeOutlined aria-hidden /> : <EyeInvisibleOutlined aria-hidden />}
        </button>
      ) : null}
    </span>
  );

  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      {after ? (
        <div className="field-row">
          {box}
          {after}
        </div>
      ) : (
        box
      )}
      {error ? (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
