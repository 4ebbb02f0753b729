import { DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Spin, Typography } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIsMobile } from '@/hooks/use-is-mobile';
import type { AigcLabel } from './aigc-label';
import { renderPng } from './render-png';
import './share-card.css';

export interface ShareCardDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  /** The download's file name, e.g. '灵犀-八字命盘.png'. */
  fileName: string;
  /** The card itself, drawn off screen at its own width and turned into the PNG. */
  card: ReactNode;
  /** Changes whenever the card's content changes (an option ticked), so the PNG is drawn again. */
  cardKey: string;
  /** Controls above the preview (what the card shows). */
  options?: ReactNode;
  /** The implicit AI-content label, for cards of AI-generated content. */
  aigc?: AigcLabel;
}

const inWeChat = () => /MicroMessenger/i.test(navigator.userAgent);

/** Waits for the card's images (the QR code) so they are in the picture. */
async function imagesLoaded(node: HTMLElement): Promise<void> {
  await Promise.all(
    [...node.querySelectorAll('img')].map((img) =>
      img.complete && img.naturalWidth > 0
        ? undefined
        : new Promise<void>((done) => img.addEventListener('load', () => done(), { once: true })),
    ),
  );
}

/**
 * A shareable picture of a card (issue #15's chart card, issue #16's reply card): the card is drawn off screen, turned
 * into a PNG, and shown as a real <img> of it, so a long press saves or forwards it in WeChat's browser; on a desktop a
 * download button saves the file.
 */
export function ShareCardDialog({ open, onClose, title, fileName, card, cardKey, options, aigc }: ShareCardDialogProps) {
  const isMobile = useIsMobile();
  const stage = useRef<HTMLDivElement>(null);
  const [png, setPng] = useState<{ key: string; url: string } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    const node = stage.current?.firstElementChild;
    if (!(node instanceof HTMLElement)) return;
    void (async () => {
      try {
        await imagesLoaded(node);
        const { dataUrl } = await renderPng(node, { aigc });
        if (!cancelled) setPng({ key: `${cardKey}#${attempt}`, url: dataUrl });
      } catch {
        if (!cancelled) setFailed(`${cardKey}#${attempt}`);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [open, cardKey, attempt, aigc]);

  const key = `${cardKey}#${attempt}`;
  const ready = png?.key === key ? png.url : null;
  const error = failed === key;
  const longPress = isMobile || inWeChat();

  return (
    <>
      {/* On a phone and in WeChat the picture fills the screen, the way a long press to save expects it. */}
      <Modal
        open={open}
        onCancel={onClose}
        footer={null}
        title={title}
        width={longPress ? '100%' : 440}
        centered={!longPress}
        style={longPress ? { top: 0, maxWidth: '100vw', margin: 0, paddingBottom: 0 } : undefined}
        destroyOnHidden
        className={longPress ? 'share-card-dialog is-fullscreen' : 'share-card-dialog'}
      >
        {options ? <div className="share-card-options">{options}</div> : null}
        <div className="share-card-preview" aria-live="polite">
          {ready ? (
            <img src={ready} alt={title} className="share-card-image" />
          ) : error ? (
            <Alert
              type="error"
              showIcon
              title="生成图片失败"
              action={
                <Button size="small" icon={<ReloadOutlined />} onClick={() => setAttempt((n) => n + 1)}>
                  重试
                </Button>
              }
            />
          ) : (
            <Spin tip="正在生成图片…">
              <div className="share-card-placeholder" />
            </Spin>
          )}
        </div>
        <Flex vertical align="center" gap={8} className="share-card-actions">
          {longPress ? <Typography.Text type="secondary">长按图片保存，或发送给朋友</Typography.Text> : null}
          {ready && !inWeChat() ? (
            <Button type={longPress ? 'default' : 'primary'} icon={<DownloadOutlined />} href={ready} download={fileName}>
              下载图片
            </Button>
          ) : null}
        </Flex>
      </Modal>
      {/* Off screen but laid out, outside the modal so it exists as soon as the dialog opens: the picture is taken of it. */}
      {open ? (
        <div ref={stage} className="share-card-stage" aria-hidden="true">
          {card}
        </div>
      ) : null}
    </>
  );
}
