import { ArrowUpOutlined, MenuOutlined, PauseCircleOutlined } from '@ant-design/icons';
import { Button, Input, Tooltip } from 'antd';
import { useState, type KeyboardEvent, type ReactNode } from 'react';

interface ChatInputProps {
  sending: boolean;
  /** Loading or no current session (spec §4: input and buttons disabled). */
  disabled: boolean;
  /** The menu stays usable without a session: it is the way to start or pick one. */
  menuDisabled?: boolean;
  onSend: (text: string) => boolean;
  onStop: () => void;
  onMenu: () => void;
  tip: ReactNode;
  /** Why typing is not possible right now (a deep session with no deep replies left), shown in the box. */
  lockedReason?: string | null;
}

/**
 * Spec §2/§4: a 1–6 row input; the send button only with text, the menu button only without; Enter sends,
 * Shift+Enter breaks the line, and Enter never sends while an IME is composing (Chinese pinyin confirms with Enter)
 * or while a reply is being sent.
 */
export function ChatInput({ sending, disabled, menuDisabled = false, onSend, onStop, onMenu, tip, lockedReason = null }: ChatInputProps) {
  const [text, setText] = useState('');
  const hasText = text.trim().length > 0;
  // The box stays editable while a reply streams, so the next question can be drafted; sending waits for the reply.
  const locked = disabled || Boolean(lockedReason);

  const submit = () => {
    if (locked || sending || !hasText) return;
    if (onSend(text)) setText('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey) return;
    // keyCode 229 is what browsers report for keys an IME is still processing (Safari lacks isComposing there).
    if (e.nativeEvent.isComposing || e.keyCode === 229) return;
    e.preventDefault();
    submit();
  };

  return (
    <div className="chat-input">
      <Input.TextArea
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        autoSize={{ minRows: 1, maxRows: 6 }}
        placeholder={sending ? 'AI正在回复，可以先写下一个问题…' : (lockedReason ?? '请输入您的问题...')}
        disabled={locked}
        aria-label="输入您的问题"
        className="chat-input-text"
        maxLength={4000}
      />
      <div className="chat-input-actions">
        {tip}
        {sending ? (
          <Tooltip title="停止生成">
            <Button shape="circle" danger icon={<PauseCircleOutlined />} onClick={onStop} aria-label="停止生成" />
          </Tooltip>
        ) : hasText ? (
          <Button type="primary" shape="circle" icon={<ArrowUpOutlined />} onClick={submit} disabled={locked} aria-label="发送" />
        ) : (
          <Button shape="circle" icon={<MenuOutlined aria-hidden />} onClick={onMenu} disabled={menuDisabled} aria-label="菜单" />
        )}
      </div>
    </div>
  );
}
