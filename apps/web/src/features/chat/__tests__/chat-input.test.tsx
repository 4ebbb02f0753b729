import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { ChatInput } from '../components/chat-input';

function setup(o: { sending?: boolean } = {}) {
  const onSend = vi.fn(() => true);
  const onMenu = vi.fn();
  render(
    <AppProvider>
      <ChatInput sending={o.sending ?? false} disabled={false} onSend={onSend} onStop={vi.fn()} onMenu={onMenu} tip={null} />
    </AppProvider>,
  );
  const box = screen.getByLabelText('输入您的问题') as HTMLTextAreaElement;
  return { box, onSend, onMenu };
}

describe('chat input', () => {
  it('sends on Enter and clears the box', () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: '你好' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSend).toHaveBeenCalledWith('你好');
    expect(box.value).toBe('');
  });

  it('does not send on Enter while an IME is composing (isComposing or keyCode 229)', () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: 'nihao' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('nihao');
  });

  it('does not send on Shift+Enter or when the text is blank', () => {
    const { box, onSend } = setup();
    fireEvent.change(box, { target: { value: '第一行' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13, shiftKey: true });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSend).not.toHaveBeenCalled();
  });

  it('shows the send button only with text and the menu button only without', () => {
    const { box, onMenu } = setup();
    expect(screen.queryByLabelText('发送')).toBeNull();
    fireEvent.click(screen.getByLabelText('菜单'));
    expect(onMenu).toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '问题' } });
    expect(screen.getByLabelText('发送')).toBeTruthy();
    expect(screen.queryByLabelText('菜单')).toBeNull();
    expect(box.placeholder).toBe('请输入您的问题...');
  });

  it('keeps the box editable while sending (a draft of the next question), offers stop, and never sends on Enter then', () => {
    const { box, onSend } = setup({ sending: true });
    expect(box.placeholder).toBe('AI正在回复，可以先写下一个问题…');
    expect(box.disabled).toBe(false);
    fireEvent.change(box, { target: { value: '下一个' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onSend).not.toHaveBeenCalled();
    expect(box.value).toBe('下一个');
    expect(screen.getByLabelText('停止生成')).toBeTruthy();
  });
});
