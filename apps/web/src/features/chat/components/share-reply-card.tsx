import { Checkbox } from 'antd';
import { useMemo, useState } from 'react';
import { ShareCardDialog, useInviteQr, type AigcLabel } from '@/lib/share-card';
import { MarkdownContent } from './markdown-content';
import './share-reply-card.css';

/** The visible AI label on every reply card (labelling measures: explicit label in the picture itself). */
export const CARD_AI_LABEL = '内容由AI生成';
/** A card is a picture to forward, not the whole answer: long replies are cut at a paragraph near this length. */
const CARD_TEXT_MAX = 900;
const DEFAULT_COLOR = '#16a34a';

export function cardText(text: string): string {
  const chars = Array.from(text);
  if (chars.length <= CARD_TEXT_MAX) return text;
  const head = chars.slice(0, CARD_TEXT_MAX).join('');
  const cut = head.lastIndexOf('\n\n');
  return `${cut > CARD_TEXT_MAX / 2 ? head.slice(0, cut) : head}\n\n……（完整内容请在灵犀查看）`;
}

export interface ReplyCardProps {
  persona: { title: string; color?: string | null };
  question: string | null;
  reply: string;
  qr: string;
}

/** The picture itself: persona name and colour, the question (when chosen), the reply as markdown, the AI label, the QR. */
export function ReplyCard({ persona, question, reply, qr }: ReplyCardProps) {
  const color = persona.color || DEFAULT_COLOR;
  return (
    <div className="reply-card" style={{ borderTopColor: color }}>
      <div className="reply-card-head">
        <span className="reply-card-dot" style={{ background: color }} />
        <span className="reply-card-persona" style={{ color }}>
          {persona.title}
        </span>
        <span className="reply-card-brand">灵犀</span>
      </div>
      {question ? <div className="reply-card-question">{question}</div> : null}
      <div className="reply-card-answer">
        <MarkdownContent text={cardText(reply)} streaming={false} />
      </div>
      <div className="reply-card-label">{CARD_AI_LABEL}</div>
      <div className="reply-card-footer">
        <img src={qr} alt="邀请二维码" className="reply-card-qr" />
        <div className="reply-card-invite">
          <div>扫码来灵犀，和「{persona.title}」聊聊</div>
          <div className="reply-card-note">AI 回复仅供参考</div>
        </div>
      </div>
    </div>
  );
}

export interface ShareReplyTarget {
  sessionId: string;
  order: number;
  reply: string;
  question: string | null;
  model: string | null;
}

interface ShareReplyCardProps {
  target: ShareReplyTarget | null;
  onClose: () => void;
  persona: { title: string; color?: string | null };
  userId: string;
}

/**
 * 分享为图片 (issue #16): a reply, or the question with its reply, as a PNG card. The PNG carries the implicit label
 * of GB 45438-2025 in its metadata (AIGC chunk, TC260 XMP, and the generating model as Software).
 */
export function ShareReplyCard({ target, onClose, persona, userId }: ShareReplyCardProps) {
  const open = target !== null;
  const [withQuestion, setWithQuestion] = useState(true);
  const qr = useInviteQr(open, userId);
  const aigc = useMemo<AigcLabel | undefined>(
    () =>
      target
        ? {
            label: '1',
            producer: '灵犀',
            contentId: `${target.sessionId}#${target.order}`,
            generator: `灵犀 AI 对话${target.model ? `（${target.model}）` : ''}`,
          }
        : undefined,
    [target],
  );
  const question = withQuestion ? (target?.question ?? null) : null;
  return (
    <ShareCardDialog
      open={open}
      onClose={onClose}
      title="分享为图片"
      fileName="灵犀-AI回复.png"
      aigc={aigc}
      cardKey={`${target?.sessionId}|${target?.order}|${question ? 'q' : ''}|${qr ? 'qr' : ''}`}
      card={target && qr ? <ReplyCard persona={persona} question={question} reply={target.reply} qr={qr} /> : null}
      options={
        target?.question ? (
          <Checkbox checked={withQuestion} onChange={(e) => setWithQuestion(e.target.checked)}>
            包含我的提问
          </Checkbox>
        ) : null
      }
    />
  );
}
