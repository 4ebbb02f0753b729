import QRCode from 'qrcode';

/**
 * A QR code as an SVG data: URL (the qrcode library, as the server's WeChat sign-in QR uses), so it scales without
 * blur in a card rendered at any pixel ratio. Medium error correction leaves room for a card's compression and print.
 */
export async function qrDataUrl(text: string, o: { margin?: number; dark?: string } = {}): Promise<string> {
  const svg = await QRCode.toString(text, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: o.margin ?? 1,
    color: { dark: o.dark ?? '#1f2d1f', light: '#ffffff' },
  });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
