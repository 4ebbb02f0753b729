import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { AI_COPY_SUFFIX } from '@lingxi/shared/rules';
import { useState, type ComponentProps } from 'react';
import { copyText } from '../lib/copy-text';

interface HastLike {
  type?: string;
  value?: string;
  children?: HastLike[];
}

/** The plain text of a markdown node (a code block's code, whatever highlighting wrapped it in). */
export function hastText(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(hastText).join('');
}

/**
 * A fenced code block with a 复制 button (issue #16). Copied AI text carries its label like a whole reply does
 * (labelling measures), after the code where it is easy to leave out when pasting.
 */
export function CodeBlock({ node, ...props }: ComponentProps<'pre'> & { node?: HastLike }) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void copyText(`${hastText(node).replace(/\n$/, '')}${AI_COPY_SUFFIX}`).then((ok) => {
      if (!ok) return;
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  return (
    <div className="md-code">
      <Button
        size="small"
        type="text"
        className="md-code-copy"
        icon={copied ? <CheckOutlined /> : <CopyOutlined />}
        onClick={copy}
        aria-label="复制代码"
      >
        {copied ? '已复制' : '复制'}
      </Button>
      <pre {...props} />
    </div>
  );
}
