// The part of fontkit 2 the card PDFs use (pdfkit's own font engine; the package ships no types).
declare module 'fontkit' {
  /** A parsed font: pdfkit embeds it (subset per document) when given it instead of the file's bytes. */
  export interface Font {
    layout(text: string): unknown;
    postscriptName: string;
  }
  /** A font file's bytes; for a collection (.ttc), the face by its PostScript name. */
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
