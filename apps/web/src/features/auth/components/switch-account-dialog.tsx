import { useEffect, useRef } from 'react';
import { maskPhone } from '@lingxi/shared/rules';
import { Button } from '@/components/controls/button';

interface SwitchAccountDialogProps {
  /** The signed-in account's name or masked phone, so the person knows what they would leave. */
  current: { username: string | null; phone: string | null } | null;
  switching: boolean;
  onStay: () => void;
  onSwitch: () => void;
}

/**
 * Asked when a sign-in link is opened by someone already signed in (issue 12 item 5): a crafted link must never
 * silently put the visitor's next chats and birth data into another account. Plain markup (ADR 011: no antd on the
 * sign-in path); Escape and the backdrop keep the current account.
 */
export function SwitchAccountDialog({ current, switching, onStay, onSwitch }: SwitchAccountDialogProps) {
  const stayRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    stayRef.current?.focus();
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onStay();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onStay]);
  const who = current ? current.username || maskPhone(current.phone) || '当前账号' : '当前账号';

  return (
    <div className="lx-dialog-mask" onClick={onStay}>
      <div
        className="lx-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="switch-account-title"
        aria-describedby="switch-account-text"
        onClick={(e) => e.stopPropagation()}
      >
        <h2 id="switch-account-title" className="lx-dialog-title">
          切换账号？
        </h2>
        <p id="switch-account-text" className="lx-dialog-text">
          你当前已登录「{who}」。这个链接会登录另一个账号，切换后你的对话和八字资料将保存到那个账号。如果不是你本人发起的，请保持当前账号。
        </p>
        <div className="lx-dialog-actions">
          <Button ref={stayRef} onClick={onStay} disabled={switching}>
            保持当前账号
          </Button>
          <Button variant="primary" onClick={onSwitch} loading={switching}>
            切换账号
          </Button>
        </div>
      </div>
    </div>
  );
}
