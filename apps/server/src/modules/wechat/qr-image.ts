import QRCode from 'qrcode';

/** The QR as a PNG data URL, drawn on the server so the page needs no QR library (sandbox shows the fake's URL this way). */
export function renderQrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
}
