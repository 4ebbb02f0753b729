/**
 * A DOM node to PNG bytes in the browser (modern-screenshot: SVG foreignObject drawn on a canvas, so the system's
 * Chinese fonts render exactly as on the page, with no font files to ship), optionally with the AIGC implicit label
 * in its metadata. The result is a data: URL, which the page's CSP allows for images and which WeChat's browser can
 * save on a long press (it does not save blob: URLs reliably).
 */
import { domToBlob } from 'modern-screenshot';
import { withAigcLabel, type AigcLabel } from './aigc-label';

export interface RenderedPng {
  bytes: Uint8Array;
  dataUrl: string;
}

export interface RenderPngOptions {
  /** Device pixels per CSS pixel: 2 keeps text sharp on phones without making the file large. */
  scale?: number;
  backgroundColor?: string;
  /** Only for content made by AI (issue #16's reply cards); computed content carries none. */
  aigc?: AigcLabel;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export async function renderPng(node: HTMLElement, o: RenderPngOptions = {}): Promise<RenderedPng> {
  const blob = await domToBlob(node, {
    type: 'image/png',
    scale: o.scale ?? 2,
    backgroundColor: o.backgroundColor ?? '#ffffff',
    // System fonts only, and no worker (the CSP allows no blob: workers); nothing is fetched.
    font: false,
    workerNumber: 0,
  });
  let bytes: Uint8Array = new Uint8Array(await blob.arrayBuffer());
  if (o.aigc) bytes = withAigcLabel(bytes, o.aigc);
  return { bytes, dataUrl: `data:image/png;base64,${base64(bytes)}` };
}
