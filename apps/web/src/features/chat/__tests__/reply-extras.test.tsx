import { AI_COPY_SUFFIX } from '@lingxi/shared/rules';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarkdownContent } from '../components/markdown-content';
import { cardText, ReplyCard } from '../components/share-reply-card';

afterEach(() => vi.unstubAllGlobals());

describe('code blocks in a reply', () => {
  it('copies the code with a 复制 button, followed by the short AI label', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    vi.stubGlobal('isSecureContext', true);
    render(<MarkdownContent text={'看这里：\n\n```js\nconst a = 1;\nconsole.log(a);\n```'} streaming={false} />);
    fireEvent.click(screen.getByRole('button', { name: '复制代码' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`const a = 1;\nconsole.log(a);${AI_COPY_SUFFIX}`));
    expect(await screen.findByText('已复制')).toBeTruthy();
  });
});

describe('the reply share card', () => {
  it('shows the persona in its colour, the question, the reply as markdown, the visible AI label and the QR', () => {
    render(
      <ReplyCard
        persona={{ title: '八字命理', color: '#b45309' }}
        question="我的日主是什么？"
        reply={'你的日主是**甲木**。'}
        qr="data:image/svg+xml,x"
      />,
    );
    expect(screen.getByText('八字命理').getAttribute('style')).toContain('color: rgb(180, 83, 9)');
    expect(screen.getByText('我的日主是什么？')).toBeTruthy();
    expect(screen.getByText('甲木').tagName).toBe('STRONG');
    expect(screen.getByText('内容由AI生成')).toBeTruthy();
    expect(screen.getByAltText('邀请二维码').getAttribute('src')).toBe('data:image/svg+xml,x');
  });

  it('cuts a long reply at a paragraph and says where the rest is', () => {
    const long = `${'第一段'.repeat(200)}\n\n${'第二段'.repeat(200)}`;
    const cut = cardText(long);
    expect(cut.startsWith('第一段')).toBe(true);
    expect(cut).not.toContain('第二段');
    expect(cut.endsWith('……（完整内容请在灵犀查看）')).toBe(true);
    expect(cardText('短回复')).toBe('短回复');
  });
});
