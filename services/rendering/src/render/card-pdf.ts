import PDFDocument from 'pdfkit';
import type { CardLayout, DrawOp } from './card-layout';
import { qrPng } from './qr-matrix';

/** Pixels per module of the QR image embedded in the PDF; the page scales it, crisp at any zoom. */
const PDF_QR_MODULE_PX = 4;
const INFINITY = '∞';

type Doc = InstanceType<typeof PDFDocument>;

/**
 * pdfkit's built-in Helvetica has no infinity sign (its WinAnsi encoding lacks it), so "2 / ∞" is
 * written as text with the sign drawn as two loops.
 */
function drawInfinity(doc: Doc, x: number, baseline: number, size: number, color: string): number {
  const w = size * 0.9;
  const h = size * 0.42;
  const cy = baseline - size * 0.32;
  const left = x + w * 0.05;
  const right = x + w * 0.95;
  const mid = x + w / 2;
  doc
    .lineWidth(size * 0.09)
    .path(
      `M ${mid} ${cy} C ${mid + w * 0.15} ${cy - h / 2}, ${right} ${cy - h / 2}, ${right} ${cy} ` +
        `C ${right} ${cy + h / 2}, ${mid + w * 0.15} ${cy + h / 2}, ${mid} ${cy} ` +
        `C ${mid - w * 0.15} ${cy - h / 2}, ${left} ${cy - h / 2}, ${left} ${cy} ` +
        `C ${left} ${cy + h / 2}, ${mid - w * 0.15} ${cy + h / 2}, ${mid} ${cy} Z`,
    )
    .stroke(color);
  return w;
}

function drawText(doc: Doc, op: Extract<DrawOp, { kind: 'text' }>): void {
  doc
    .font(op.bold ? 'Helvetica-Bold' : 'Helvetica')
    .fontSize(op.size)
    .fillColor(op.color);
  const parts = op.text.split(INFINITY);
  const infinityWidth = op.size * 0.9;
  const width =
    parts.reduce((sum, part) => sum + doc.widthOfString(part), 0) + (parts.length - 1) * infinityWidth;
  let x = op.anchor === 'middle' ? op.x - width / 2 : op.anchor === 'end' ? op.x - width : op.x;
  parts.forEach((part, i) => {
    if (part) {
      doc.text(part, x, op.y, { lineBreak: false, baseline: 'alphabetic' });
      x += doc.widthOfString(part);
    }
    if (i < parts.length - 1) x += drawInfinity(doc, x, op.y, op.size, op.color);
  });
}

async function drawOp(doc: Doc, op: DrawOp): Promise<void> {
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
      const px = (op.matrix.size + 2 * op.margin) * PDF_QR_MODULE_PX;
      doc.image(await qrPng(op.matrix, px, op.margin), op.x, op.y, { width: op.size, height: op.size });
      return;
    }
  }
}

/** The laid-out card as a one-page PDF with real (searchable) text. */
export async function cardPdf(layout: CardLayout, title: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [layout.width, layout.height],
    margin: 0,
    compress: true,
    info: { Title: title, Creator: 'AV Pass' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  for (const op of layout.ops) await drawOp(doc, op);
  doc.end();
  await finished;
  return Buffer.concat(chunks);
}
