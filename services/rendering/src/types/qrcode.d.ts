// The part of qrcode 1.5 the renderers use (the package ships no types).
declare module 'qrcode' {
  export interface QrCodeSymbol {
    modules: { size: number; data: Uint8Array };
  }
  export function create(
    text: string,
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): QrCodeSymbol;
}
