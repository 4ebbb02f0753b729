import 'highlight.js/styles/github.css';
import { memo } from 'react';
import Markdown, { type Components } from 'react-markdown';
import rehypeHighlight from 'rehype-highlight';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';

const components: Components = {
  // Links from a model's answer open in a new tab and never carry our referrer or window handle.
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer nofollow" />,
  // No image from a reply is ever loaded: its address is chosen by the model, which a prompt injection can steer, and
  // fetching it would send whatever the address carries to that host (issue 12 item 12; the CSP blocks it as well).
  img: ({ alt }) => <span className="md-image-removed">{`[图片${alt ? `：${alt}` : ''}]`}</span>,
  pre: ({ node, ...props }) => <CodeBlock node={node as never} {...props} />,
  table: ({ node: _node, ...props }) => (
    <div className="md-table-wrap">
      <table {...props} />
    </div>
  ),
};

const plain = [remarkGfm];
const highlighted = [[rehypeHighlight, { detect: false }]] as const;

/**
 * Assistant markdown, rendered safely: react-markdown builds React elements and raw HTML in the text stays text (no
 * rehype-raw). Highlighting runs once the reply is complete — re-highlighting every frame of a stream is the main
 * cost long answers with code would otherwise pay.
 */
export const MarkdownContent = memo(function MarkdownContent({ text, streaming }: { text: string; streaming: boolean }) {
  return (
    <div className="md">
      <Markdown remarkPlugins={plain} rehypePlugins={streaming ? [] : (highlighted as never)} components={components}>
        {text}
      </Markdown>
    </div>
  );
});
