import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '@/test/render';
import { ContactPage } from '../components/contact-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fillValid() {
  fill('姓名', '王五');
  fill('手机号', '13800138000');
  fill('主题', '咨询');
  fill('留言内容', '你好');
}

describe('contact page', () => {
  it('shows contact details from config, hours and the FAQ', () => {
    renderAt(<ContactPage />, '/contact');
    expect(screen.getByText('support@example.com')).toBeTruthy();
    expect(screen.getByText('400-000-0000')).toBeTruthy();
    expect(screen.getByText(/周一至周日 9:00-21:00/)).toBeTruthy();
    for (const q of ['如何开始使用？', '费用如何计算？', '服务质量如何保证？', '数据安全吗？']) expect(screen.getByText(q)).toBeTruthy();
  });

  it('marks the required phone with the asterisk like the other required fields (issue 19)', () => {
    renderAt(<ContactPage />, '/contact');
    for (const label of ['姓名', '手机号', '主题', '留言内容']) {
      expect(screen.getByText(label, { selector: 'label' }).classList.contains('ant-form-item-required'), label).toBe(true);
    }
  });

  it('shows the validation messages', async () => {
    renderAt(<ContactPage />, '/contact');
    fill('邮箱（选填）', 'not-mail');
    fireEvent.click(screen.getByRole('button', { name: /提交留言/ }));
    for (const text of ['请输入您的姓名', '请输入手机号', '请输入主题', '请输入留言内容', '请输入正确的邮箱地址']) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
  });

  it('submits, thanks and resets the form', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: true, message: 'ok', data: { id: 'c1' } }), { status: 200 }));
    renderAt(<ContactPage />, '/contact');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: /提交留言/ }));
    expect(await screen.findByText('您的留言已提交，我们会尽快回复')).toBeTruthy();
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toEqual({
      name: '王五',
      phone: '13800138000',
      subject: '咨询',
      message: '你好',
    });
    await waitFor(() => expect((screen.getByLabelText('姓名') as HTMLInputElement).value).toBe(''));
  });

  it('keeps what was typed when submitting fails', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ success: false, message: '系统繁忙' }), { status: 500 }));
    renderAt(<ContactPage />, '/contact');
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: /提交留言/ }));
    expect(await screen.findByText('提交失败，请稍后再试')).toBeTruthy();
    expect((screen.getByLabelText('留言内容') as HTMLTextAreaElement).value).toBe('你好');
  });
});
