// qrcode 1.5 ships no types; this is the one call we use.
declare module 'qrcode' {
  interface ToDataUrlOptions {
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
    color?: { dark?: string; light?: string };
  }
  const QRCode: { toDataURL(text: string, options?: ToDataUrlOptions): Promise<string> };
  export default QRCode;
}
