/** Shareable PNG cards (issue #15's chart card; issue #16's chat-reply card): render, QR code, AIGC label, dialog. */
export { ShareCardDialog, type ShareCardDialogProps } from './share-card-dialog';
export { renderPng, type RenderedPng, type RenderPngOptions } from './render-png';
export { qrDataUrl } from './qr-code';
export {
  aigcJson,
  aigcXmp,
  withAigcLabel,
  AIGC_KEYWORD,
  XMP_KEYWORD,
  SOFTWARE_KEYWORD,
  TC260_NAMESPACE,
  type AigcLabel,
} from './aigc-label';
export { insertTextChunks, readTextChunks, crc32 } from './png-text';
export { getInviteLink, useInviteQr } from './use-invite-qr';
