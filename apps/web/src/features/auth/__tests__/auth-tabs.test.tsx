import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthTabs } from '../components/auth-tabs';

type Key = 'a' | 'b' | 'c';

function Harness() {
  const [active, setActive] = useState<Key>('a');
  return (
    <AuthTabs<Key>
      label="方式"
      active={active}
      onChange={setActive}
      tabs={[
        { key: 'a', label: '甲', content: <input placeholder="甲的输入" /> },
        { key: 'b', label: '乙', content: <p>乙的内容</p> },
        { key: 'c', label: '丙', content: <p>丙的内容</p> },
      ]}
    />
  );
}

describe('sign-in tabs', () => {
  it('builds a panel only once it is opened, and keeps a visited one (with what was typed) while hidden', () => {
    render(<Harness />);
    expect(screen.queryByText('乙的内容')).toBeNull();
    fireEvent.change(screen.getByPlaceholderText('甲的输入'), { target: { value: '13800138000' } });
    fireEvent.click(screen.getByRole('tab', { name: '乙' }));
    expect(screen.getByRole('tabpanel').textContent).toBe('乙的内容');
    fireEvent.click(screen.getByRole('tab', { name: '甲' }));
    expect((screen.getByPlaceholderText('甲的输入') as HTMLInputElement).value).toBe('13800138000');
  });

  it('moves with the arrow, Home and End keys and marks the selected tab', () => {
    render(<Harness />);
    const first = screen.getByRole('tab', { name: '甲' });
    expect(first.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(first, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: '丙' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: '丙' }));
    fireEvent.keyDown(screen.getByRole('tab', { name: '丙' }), { key: 'Home' });
    expect(screen.getByRole('tab', { name: '甲' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: '甲' }), { key: 'End' });
    expect(screen.getByRole('tabpanel').textContent).toBe('丙的内容');
  });
});
