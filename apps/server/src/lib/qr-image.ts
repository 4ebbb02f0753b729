import QRCode from 'qrcode';

/** A QR code as a PNG data URL, drawn on the server so the page needs no QR library or third-party QR service. */
export function renderQrImage(text: string, width = 240): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width });
}
