import { create, type Font } from 'fontkit';
import { readFileSync } from 'node:fs';

/**
 * Fonts embedded in card PDFs (subset by pdfkit): DejaVu Sans for Latin, Cyrillic and Greek, Noto
 * Sans CJK for Chinese, Japanese and Korean. Both come from Debian packages (fonts-dejavu-core,
 * fonts-noto-cjk) that .ci/run and deploy/Dockerfile install; the same fonts draw the SVG/PNG cards
 * through fontconfig. Without them the PDF falls back to the built-in Helvetica (Latin-1 only).
 */
export interface PdfFont {
  /**
   * The font parsed once per process (fontkit, pdfkit's own engine), or the name of a built-in PDF
   * font. Handing pdfkit the file's bytes instead made it parse the font's tables again for every
   * document: two thirds of a card PDF's 24 ms.
   */
  src: Font | string;
}

export interface CardFonts {
  regular: PdfFont;
  bold: PdfFont;
  cjkRegular: PdfFont | null;
  cjkBold: PdfFont | null;
  /** False when Helvetica stands in (fonts not installed): only Latin-1 prints. */
  embedded: boolean;
}

const FONT_DIRS = {
  dejavu: ['/usr/share/fonts/truetype/dejavu'],
  notoCjk: ['/usr/share/fonts/opentype/noto', '/usr/share/fonts/opentype/noto-cjk'],
};

function readFirst(dirs: string[], file: string): Buffer | null {
  for (const dir of dirs) {
    try {
      return readFileSync(`${dir}/${file}`);
    } catch {
      // not in this folder
    }
  }
  return null;
}

let cached: CardFonts | undefined;

/** The fonts, read from disk and parsed on first use, and kept for the life of the process. */
export function cardFonts(): CardFonts {
  if (cached) return cached;
  const regular = readFirst(FONT_DIRS.dejavu, 'DejaVuSans.ttf');
  const bold = readFirst(FONT_DIRS.dejavu, 'DejaVuSans-Bold.ttf');
  const cjkRegular = readFirst(FONT_DIRS.notoCjk, 'NotoSansCJK-Regular.ttc');
  const cjkBold = readFirst(FONT_DIRS.notoCjk, 'NotoSansCJK-Bold.ttc');
  if (!regular || !bold) {
    process.emitWarning(
      'DejaVu Sans is not installed (Debian package fonts-dejavu-core): card PDFs use Helvetica, Latin-1 only',
    );
  }
  cached = {
    regular: regular ? { src: create(regular) } : { src: 'Helvetica' },
    bold: bold ? { src: create(bold) } : { src: 'Helvetica-Bold' },
    cjkRegular: cjkRegular ? { src: create(cjkRegular, 'NotoSansCJKsc-Regular') } : null,
    cjkBold: cjkBold ? { src: create(cjkBold, 'NotoSansCJKsc-Bold') } : null,
    embedded: Boolean(regular && bold),
  };
  return cached;
}

// Han, kana, Hangul, CJK punctuation and full-width forms: the scripts DejaVu Sans does not draw.
const CJK =
  /[\u1100-\u11ff\u2e80-\u303f\u3040-\u30ff\u3100-\u31ff\u3200-\u9fff\ua960-\ua97f\uac00-\ud7ff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]|[\ud840-\ud87f][\udc00-\udfff]/;

export function isCjk(char: string): boolean {
  return CJK.test(char);
}

/** The text cut into runs that one font draws: CJK runs and the rest. */
export function scriptRuns(text: string): { text: string; cjk: boolean }[] {
  const runs: { text: string; cjk: boolean }[] = [];
  for (const char of text) {
    const cjk = isCjk(char);
    const last = runs[runs.length - 1];
    if (last && last.cjk === cjk) last.text += char;
    else runs.push({ text: char, cjk });
  }
  return runs;
}
