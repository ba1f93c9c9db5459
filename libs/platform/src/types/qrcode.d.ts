// The part of qrcode 1.5 the renderers and the gateway's voucher page use (the package ships no types).
declare module 'qrcode' {
  export interface QrCodeSymbol {
    modules: { size: number; data: Uint8Array };
  }
  /** A segment of the text in one encoding mode (the library picks a mix when given a string). */
  export interface QrSegment {
    data: string;
    mode: 'numeric' | 'alphanumeric' | 'byte' | 'kanji';
  }
  export function create(
    text: string | QrSegment[],
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H' },
  ): QrCodeSymbol;
}
