// qrcode 1.5 ships no types; these are the calls we use (toBuffer: a PNG for tests of the AIGC label).
declare module 'qrcode' {
  interface ToDataUrlOptions {
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
    color?: { dark?: string; light?: string };
  }
  const QRCode: {
    toDataURL(text: string, options?: ToDataUrlOptions): Promise<string>;
    toBuffer(text: string, options?: ToDataUrlOptions): Promise<Buffer>;
  };
  export default QRCode;
}
