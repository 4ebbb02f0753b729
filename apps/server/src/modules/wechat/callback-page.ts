import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml, page, pageCsp } from './html';
import type { CallbackOutcome } from './service';

/**
 * The page the OAuth redirect lands on (inside the wxLogin iframe, a second tab or the phone). The original page learns
 * the result by polling; a finished bind also moves the top window (the iframe case) to /profile?bind=success.
 */
export function sendCallbackPage(reply: FastifyReply, o: CallbackOutcome, fetchDest: string | undefined) {
  reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  if (o.redirect && fetchDest !== 'iframe') return reply.redirect(o.redirect, 302);
  const nonce = randomBytes(12).toString('base64');
  const script =
    o.tone === 'ok' && o.title === '微信绑定成功'
      ? `if (window.top !== window.self) { window.top.location.href = '/profile?bind=success'; }`
      : undefined;
  const body = `<div class="icon ${o.tone}">${o.tone === 'ok' ? '✓' : '!'}</div><h1 class="${o.tone}">${escapeHtml(o.title)}</h1><p>${escapeHtml(o.message)}</p>
<p class="muted">此页面可以关闭</p>`;
  return reply
    .status(o.status)
    .header('content-security-policy', pageCsp(script ? nonce : undefined))
    .type('text/html; charset=utf-8')
    .send(page(o.title, body, { script, nonce }));
}
