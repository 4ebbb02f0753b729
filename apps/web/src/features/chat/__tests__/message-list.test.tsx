import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MessageList } from '../components/message-list';
import type { UiMessage } from '../types';

function Opener() {
  const [open, setOpen] = useState(false);
  return <button onClick={() => setOpen(true)}>{open ? '确认框已打开' : '通知紧急联系人'}</button>;
}

const turn = (ids: [string, string]): UiMessage[] => [
  { id: ids[0], order: 1, role: 'user', content: '我真的不想活了', timestamp: '2026-01-01T00:00:00Z', status: 'done', crisis: false },
  { id: ids[1], order: 2, role: 'assistant', content: '我在这里陪着你', timestamp: '2026-01-01T00:00:01Z', status: 'done', crisis: true },
];

describe('the message list', () => {
  it('keeps what the user opened under a reply when the server’s copy of the turn replaces the streamed one', () => {
    const props = { sending: false, onAsk: () => {}, onCopy: () => {}, onRegenerate: () => {}, crisisAction: <Opener /> };
    const { rerender } = render(<MessageList {...props} messages={turn(['local-q', 'local-a'])} />);
    fireEvent.click(screen.getByRole('button', { name: '通知紧急联系人' }));
    expect(screen.getByRole('button', { name: '确认框已打开' })).toBeTruthy();
    rerender(<MessageList {...props} messages={turn(['o1', 'o2'])} />);
    expect(screen.getByRole('button', { name: '确认框已打开' })).toBeTruthy();
  });
});
