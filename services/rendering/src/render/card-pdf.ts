import type { CardSize, SheetSize } from '@avpass/contracts';
import PDFDocument from 'pdfkit';
import type { Readable } from 'node:stream';
import { cardFonts, scriptRuns, type PdfFont } from './card-fonts';
import type { CardLayout, DrawOp } from './card-layout';
import { qrSvgPath } from './qr-matrix';

type Doc = InstanceType<typeof PDFDocument>;

const MM = 72 / 25.4;

/** Printed card pages in points, portrait: A6 is 105 × 148 mm, 4x6 is 4 × 6 in. */
export const CARD_PAGE_PT: Readonly<Record<CardSize, { width: number; height: number }>> = {
  a6: { width: 105 * MM, height: 148 * MM },
  '4x6': { width: 4 * 72, height: 6 * 72 },
};

/** Sheets of cards: A4 (210 × 297 mm) and US Letter (8.5 × 11 in). */
export const SHEET_PAGE_PT: Readonly<Record<SheetSize, { width: number; height: number }>> = {
  a4: { width: 210 * MM, height: 297 * MM },
  letter: { width: 8.5 * 72, height: 11 * 72 },
};

/** Height ÷ width of a printed card. */
export function cardAspect(size: CardSize): number {
  const page = CARD_PAGE_PT[size];
  return page.height / page.width;
}

const FONT_NAMES = { regular: 'card', bold: 'card-bold', cjkRegular: 'card-cjk', cjkBold: 'card-cjk-bold' };

function registerFonts(doc: Doc): void {
  const fonts = cardFonts();
  const register = (name: string, font: PdfFont | null) => {
    if (font) doc.registerFont(name, font.src);
  };
  register(FONT_NAMES.regular, fonts.regular);
  register(FONT_NAMES.bold, fonts.bold);
  register(FONT_NAMES.cjkRegular, fonts.cjkRegular);
  register(FONT_NAMES.cjkBold, fonts.cjkBold);
}

function fontFor(bold: boolean, cjk: boolean): string {
  const fonts = cardFonts();
  if (cjk && (bold ? fonts.cjkBold : fonts.cjkRegular))
    return bold ? FONT_NAMES.cjkBold : FONT_NAMES.cjkRegular;
  return bold ? FONT_NAMES.bold : FONT_NAMES.regular;
}

/** One line in the fonts that draw each script, shrunk when the real glyphs are wider than allowed. */
function drawText(doc: Doc, op: Extract<DrawOp, { kind: 'text' }>): void {
  const runs = scriptRuns(op.text).map((run) => ({ ...run, font: fontFor(op.bold, run.cjk) }));
  const measure = (size: number) =>
    runs.reduce((sum, run) => sum + doc.font(run.font).fontSize(size).widthOfString(run.text), 0);
  let size = op.size;
  let width = measure(size);
  if (width > op.maxWidth) {
    size = (op.size * op.maxWidth) / width;
    width = measure(size);
  }
  let x = op.anchor === 'middle' ? op.x - width / 2 : op.anchor === 'end' ? op.x - width : op.x;
  doc.fillColor(op.color);
  for (const run of runs) {
    doc.font(run.font).fontSize(size);
    doc.text(run.text, x, op.y, { lineBreak: false, baseline: 'alphabetic' });
    x += doc.widthOfString(run.text);
  }
}

function drawOp(doc: Doc, op: DrawOp): void {
  switch (op.kind) {
    case 'rect':
      doc.roundedRect(op.x, op.y, op.w, op.h, op.r);
      if (op.stroke) doc.lineWidth(1).fillAndStroke(op.fill, op.stroke);
      else doc.fill(op.fill);
      return;
    case 'circle':
      doc.circle(op.cx, op.cy, op.r).fill(op.fill);
      return;
    case 'text':
      drawText(doc, op);
      return;
    case 'image':
      if (op.round) {
        doc
          .save()
          .circle(op.x + op.w / 2, op.y + op.h / 2, op.w / 2)
          .clip();
        doc.image(op.image.png, op.x, op.y, { width: op.w, height: op.h });
        doc.restore();
      } else {
        doc.image(op.image.png, op.x, op.y, { width: op.w, height: op.h });
      }
      return;
    case 'qr': {
      // Vectors: the quiet zone as a white square, each run of dark modules as a filled rectangle.
      const modules = op.matrix.size + 2 * op.margin;
      const scale = op.size / modules;
      doc.rect(op.x, op.y, op.size, op.size).fill('#ffffff');
      doc
        .save()
        .translate(op.x + op.margin * scale, op.y + op.margin * scale)
        .scale(scale)
        .path(qrSvgPath(op.matrix))
        .fill('#000000')
        .restore();
      return;
    }
  }
}

/** Draws a layout scaled to fit the box (x, y, width, height), centred; returns the card's drawn box. */
function drawLayout(
  doc: Doc,
  layout: CardLayout,
  box: { x: number; y: number; width: number; height: number },
): { x: number; y: number; width: number; height: number } {
  const scale = Math.min(box.width / layout.width, box.height / layout.height);
  const width = layout.width * scale;
  const height = layout.height * scale;
  const x = box.x + (box.width - width) / 2;
  const y = box.y + (box.height - height) / 2;
  doc.save().translate(x, y).scale(scale);
  for (const op of layout.ops) drawOp(doc, op);
  doc.restore();
  return { x, y, width, height };
}

function newDocument(page: { width: number; height: number }, title: string): Doc {
  const doc = new PDFDocument({
    size: [page.width, page.height],
    margin: 0,
    compress: true,
    autoFirstPage: false,
    info: { Title: title, Creator: 'AV Pass' },
  });
  registerFonts(doc);
  return doc;
}

async function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  return finished.then(() => Buffer.concat(chunks));
}

/**
 * The laid-out card as a one-page PDF with real (searchable) text in embedded fonts. With a page size
 * the card is scaled to fit that page; without, the page is the layout's own size.
 */
export async function cardPdf(
  layout: CardLayout,
  title: string,
  page: { width: number; height: number } = { width: layout.width, height: layout.height },
): Promise<Buffer> {
  const doc = newDocument(page, title);
  const done = collect(doc);
  doc.addPage({ size: [page.width, page.height], margin: 0 });
  drawLayout(doc, layout, { x: 0, y: 0, ...page });
  doc.end();
  return done;
}

/** Room for crop marks around the sheet's cards, and between them. */
const SHEET_MARGIN = 10 * MM;
const SHEET_GUTTER = 5 * MM;
const CROP_OFFSET = 1 * MM;
const CROP_LENGTH = 3 * MM;
/** Cards per sheet: 2 × 2. */
export const SHEET_COLUMNS = 2;
export const SHEET_ROWS = 2;

/**
 * Cards on A4 or Letter, 2 × 2 per page, each scaled to its cell (a little under A6, so an office
 * printer's margins and the crop marks fit) with crop marks at every corner. A stream: pages are
 * written as cards are added, so a sheet of a thousand cards never sits in memory.
 */
export class CardSheetPdf {
  private readonly doc: Doc;
  private readonly page: { width: number; height: number };
  private readonly cell: { width: number; height: number };
  private count = 0;

  constructor(sheet: SheetSize, size: CardSize, title: string) {
    this.page = SHEET_PAGE_PT[sheet];
    this.doc = newDocument(this.page, title);
    const cellWidth =
      (this.page.width - 2 * SHEET_MARGIN - (SHEET_COLUMNS - 1) * SHEET_GUTTER) / SHEET_COLUMNS;
    const cellHeight = (this.page.height - 2 * SHEET_MARGIN - (SHEET_ROWS - 1) * SHEET_GUTTER) / SHEET_ROWS;
    // Every cell holds the card's proportions, so all cards on a sheet are cut to the same size.
    const aspect = cardAspect(size);
    const width = Math.min(cellWidth, cellHeight / aspect);
    this.cell = { width, height: width * aspect };
  }

  /** The PDF bytes as they are written. */
  get stream(): Readable {
    return this.doc as unknown as Readable;
  }

  add(layout: CardLayout): void {
    const perPage = SHEET_COLUMNS * SHEET_ROWS;
    const slot = this.count % perPage;
    if (slot === 0) this.doc.addPage({ size: [this.page.width, this.page.height], margin: 0 });
    this.count++;
    const column = slot % SHEET_COLUMNS;
    const row = Math.floor(slot / SHEET_COLUMNS);
    const blockWidth = SHEET_COLUMNS * this.cell.width + (SHEET_COLUMNS - 1) * SHEET_GUTTER;
    const blockHeight = SHEET_ROWS * this.cell.height + (SHEET_ROWS - 1) * SHEET_GUTTER;
    const box = {
      x: (this.page.width - blockWidth) / 2 + column * (this.cell.width + SHEET_GUTTER),
      y: (this.page.height - blockHeight) / 2 + row * (this.cell.height + SHEET_GUTTER),
      ...this.cell,
    };
    // A card taller than its proportions (long terms) shrinks inside the cell; the cut stays the cell.
    this.doc.rect(box.x, box.y, box.width, box.height).fill('#ffffff');
    drawLayout(this.doc, layout, box);
    this.cropMarks(box);
  }

  end(): void {
    if (this.count === 0) this.doc.addPage({ size: [this.page.width, this.page.height], margin: 0 });
    this.doc.end();
  }

  get cards(): number {
    return this.count;
  }

  private cropMarks(box: { x: number; y: number; width: number; height: number }): void {
    const doc = this.doc;
    doc.save().lineWidth(0.25).strokeColor('#000000');
    for (const x of [box.x, box.x + box.width]) {
      for (const y of [box.y, box.y + box.height]) {
        const dx = x === box.x ? -1 : 1;
        const dy = y === box.y ? -1 : 1;
        doc
          .moveTo(x + dx * CROP_OFFSET, y)
          .lineTo(x + dx * (CROP_OFFSET + CROP_LENGTH), y)
          .stroke();
        doc
          .moveTo(x, y + dy * CROP_OFFSET)
          .lineTo(x, y + dy * (CROP_OFFSET + CROP_LENGTH))
          .stroke();
      }
    }
    doc.restore();
  }
}
