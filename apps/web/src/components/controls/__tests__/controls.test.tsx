import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from '../button';
import { Checkbox } from '../checkbox';
import { TextField } from '../text-field';

function Field({ type, error }: { type?: 'text' | 'password'; error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TextField name="f" value={value} onChange={setValue} type={type} error={error} placeholder="手机号" allowClear={type !== 'password'} />
  );
}

describe('text field', () => {
  it('is named by its placeholder and points at its message when there is one', () => {
    const { rerender } = render(<Field />);
    const input = screen.getByRole('textbox', { name: '手机号' });
    expect(input.getAttribute('aria-invalid')).toBeNull();
    rerender(<Field error="请输入手机号" />);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe('请输入手机号');
  });

  it('offers a clear button only while there is text, and clearing empties the field', () => {
    render(<Field />);
    const input = screen.getByRole('textbox', { name: '手机号' }) as HTMLInputElement;
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
    fireEvent.change(input, { target: { value: '138' } });
    fireEvent.click(screen.getByRole('button', { name: '清除' }));
    expect(input.value).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('shows and hides a password', () => {
    render(<Field type="password" />);
    const input = screen.getByPlaceholderText('手机号') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: '显示密码' }));
    expect(input.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: '隐藏密码' }));
    expect(input.type).toBe('password');
  });
});

describe('button', () => {
  it('writes a two-character label as typed on every variant (登录, never 登 录)', () => {
    render(
      <>
        <Button variant="primary">登录</Button>
        <Button variant="text">注册</Button>
      </>,
    );
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['登录', '注册']);
  });

  it('ignores presses while loading and says it is busy', () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>获取验证码</Button>);
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
    rerender(
      <Button onClick={onClick} loading>
        获取验证码
      </Button>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button').getAttribute('aria-busy')).toBe('true');
  });

  it('does not send its form twice while loading', () => {
    const onSubmit = vi.fn((e: { preventDefault: () => void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" loading>
          登录
        </Button>
      </form>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('checkbox', () => {
  it('is a real checkbox named by its label', () => {
    const onChange = vi.fn();
    render(
      <Checkbox checked={false} onChange={onChange}>
        我已阅读并同意
      </Checkbox>,
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '我已阅读并同意' }));
    expect(onChange).toHaveBeenCalledWith(true);
  });
});
