// The part of pdfkit 0.20 that the voucher card (rendering) and the partner statement (statements) use
// (the package ships no types). Shared here: each of those services includes it in its tsconfig.
declare module 'pdfkit' {
  import type { Readable } from 'node:stream';

  interface TextOptions {
    lineBreak?: boolean;
    baseline?: 'alphabetic' | 'top' | 'middle' | 'bottom' | 'hanging';
    width?: number;
    align?: 'left' | 'center' | 'right';
    ellipsis?: boolean | string;
  }
  interface DocumentOptions {
    size?: [number, number] | string;
    margin?: number;
    compress?: boolean;
    autoFirstPage?: boolean;
    info?: Record<string, string>;
    pdfVersion?: string;
    /** Keeps every page until end(), so a footer can be drawn on each (`switchToPage`). */
    bufferPages?: boolean;
  }
  class PDFDocument extends Readable {
    constructor(options?: DocumentOptions);
    font(name: string): this;
    /** A font file's bytes or path, a standard font's name, or a font parsed by fontkit (reused as is). */
    registerFont(name: string, src: Buffer | string | import('fontkit').Font, family?: string): this;
    addPage(options?: DocumentOptions): this;
    translate(x: number, y: number): this;
    scale(factor: number): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    fontSize(size: number): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    lineWidth(width: number): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    widthOfString(text: string): number;
    heightOfString(text: string, options?: TextOptions): number;
    roundedRect(x: number, y: number, w: number, h: number, r: number): this;
    rect(x: number, y: number, w: number, h: number): this;
    circle(x: number, y: number, r: number): this;
    path(svgPath: string): this;
    fill(color?: string): this;
    stroke(color?: string): this;
    fillAndStroke(fill?: string, stroke?: string): this;
    clip(): this;
    save(): this;
    restore(): this;
    image(src: Buffer, x: number, y: number, options?: { width?: number; height?: number }): this;
    end(): void;
    /** Where the text cursor is after the last text call. */
    y: number;
    bufferedPageRange(): { start: number; count: number };
    page: { margins: { top: number; bottom: number; left: number; right: number } };
    switchToPage(n: number): this;
  }
  export default PDFDocument;
}
