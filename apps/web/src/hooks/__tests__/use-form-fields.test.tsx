import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TextField } from '@/components/controls/text-field';
import { phoneChecks, required, sameAs } from '@/lib/validators';
import { useFormFields } from '../use-form-fields';

type Values = { phone: string; password: string; confirm: string };

function SignUp({ onValid }: { onValid: (v: Values) => void }) {
  const form = useFormFields<Values>({
    initial: { phone: '', password: '', confirm: '' },
    checks: {
      phone: phoneChecks,
      password: [required('请输入密码')],
      confirm: [required('请确认密码'), sameAs<Values>('password', '两次密码不一致')],
    },
    dependents: { password: ['confirm'] },
  });
  return (
    <form noValidate onSubmit={form.submit(onValid)}>
      <TextField {...form.field('phone')} placeholder="手机号" />
      <TextField {...form.field('password')} placeholder="密码" />
      <TextField {...form.field('confirm')} placeholder="确认密码" />
      <button type="button" onClick={() => form.setError('phone', '请输入正确的手机号')}>
        获取验证码
      </button>
      <button type="submit">提交</button>
    </form>
  );
}

const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });
const messages = () => screen.queryAllByRole('alert').map((el) => el.textContent);

describe('form fields', () => {
  it('says nothing before anyone types or submits', () => {
    render(<SignUp onValid={vi.fn()} />);
    expect(messages()).toEqual([]);
  });

  it('checks every field on submit, focuses the first one in error and does not send', () => {
    const onValid = vi.fn();
    render(<SignUp onValid={onValid} />);
    type('密码', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(messages()).toEqual(['请输入手机号', '请确认密码']);
    expect(document.activeElement).toBe(screen.getByPlaceholderText('手机号'));
    expect(onValid).not.toHaveBeenCalled();
  });

  it('checks a field as it changes and clears the message once it is right', () => {
    render(<SignUp onValid={vi.fn()} />);
    type('手机号', '123');
    expect(messages()).toEqual(['请输入正确的手机号']);
    type('手机号', '13800138000');
    expect(messages()).toEqual([]);
  });

  it('checks the confirmation again when the password changes, once it was checked', () => {
    render(<SignUp onValid={vi.fn()} />);
    type('密码', 'secret1');
    expect(messages()).toEqual([]);
    type('确认密码', 'secret1');
    type('密码', 'secret2');
    expect(messages()).toEqual(['两次密码不一致']);
    type('密码', 'secret1');
    expect(messages()).toEqual([]);
  });

  it('shows a message set from outside the checks', () => {
    render(<SignUp onValid={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(messages()).toEqual(['请输入正确的手机号']);
  });

  it('hands over the values when every field is right', () => {
    const onValid = vi.fn();
    render(<SignUp onValid={onValid} />);
    type('手机号', '138 0013 8000');
    type('密码', 'secret1');
    type('确认密码', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: '提交' }));
    expect(onValid).toHaveBeenCalledWith({ phone: '138 0013 8000', password: 'secret1', confirm: 'secret1' });
  });
});
