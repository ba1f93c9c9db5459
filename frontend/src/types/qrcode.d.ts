// The part of qrcode 1.5 the member's pass draws with (the package ships no types; the gateway and the
// renderers have their own, libs/platform/src/types/qrcode.d.ts).
declare module 'qrcode' {
  export interface QrCodeSymbol {
    modules: { size: number; data: Uint8Array };
    version: number;
    segments: { mode: { id: string } }[];
  }
  /** A segment of the text in one encoding mode (the library picks a mix when given a string). */
  export interface QrSegment {
    data: string;
    mode: 'numeric' | 'alphanumeric' | 'byte' | 'kanji';
  }
  export function create(
    text: string | QrSegment[],
    options?: { errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H'; maskPattern?: number },
  ): QrCodeSymbol;
}

// The encoder alone, without the package's canvas and SVG renderers (the member's pass draws its own).
declare module 'qrcode/lib/core/qrcode' {
  export { create } from 'qrcode';
}
