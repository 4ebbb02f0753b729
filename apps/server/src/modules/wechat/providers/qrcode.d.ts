// qrcode 1.5 ships no types and @types/qrcode is not installed; this is the one function we call.
declare module 'qrcode' {
  export function toDataURL(text: string, options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; margin?: number; width?: number }): Promise<string>;
  const qrcode: { toDataURL: typeof toDataURL };
  export default qrcode;
}
