import type { Statement, StatementLine, StatementSection } from '@avpass/contracts';
import { formatCents } from '@avpass/domain';
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

/** The club's look (the web app's navy and green, frontend/src/theme/tokens.ts). */
const NAVY = '#0b1f3a';
const GREEN = '#0fa882';
const GREY = '#5b6472';
const RULE = '#d0d5dd';

/** DejaVu Sans where Debian installed it (fonts-dejavu-core): names in any Latin, Greek or Cyrillic script. */
const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const FONTS = existsSync(`${DEJAVU}/DejaVuSans.ttf`)
  ? { regular: `${DEJAVU}/DejaVuSans.ttf`, bold: `${DEJAVU}/DejaVuSans-Bold.ttf` }
  : { regular: 'Helvetica', bold: 'Helvetica-Bold' };

const SECTION_TITLES: Record<StatementSection, string> = {
  vouchers: 'Vouchers honoured (Amount: the club-funded discounts the club owes)',
  adjustments: 'Adjustments (cancels of earlier redemptions)',
  credits: 'Athlete credit charges (the club owes)',
  merchandise: 'Merchandise used, at the partner price (the partner owes)',
  resolution: 'Adjustments made when resolving a dispute (positive: the club owes more)',
};

/** Letter paper, in points. */
const PAGE = { width: 612, height: 792, margin: 48 };
const COLUMNS = [
  { title: 'Description', width: 220, align: 'left' as const },
  { title: 'Qty', width: 50, align: 'right' as const },
  { title: 'Sales', width: 80, align: 'right' as const },
  { title: 'Discount', width: 80, align: 'right' as const },
  { title: 'Amount', width: 86, align: 'right' as const },
];

export interface StatementDocument {
  statement: Statement;
  partnerName: string;
  timeZone: string;
  /** The statement's lines, a page at a time, in order (never all in memory at once). */
  lines: AsyncIterable<StatementLine[]>;
}

const money = (cents: number) => formatCents(cents);
const monthName = (period: string) =>
  new Date(`${period}-15T12:00:00Z`).toLocaleString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/**
 * What a line says in the Amount column: what the partner owes for merchandise, what the club owes for
 * the rest (the section's title says who owes whom); a resolution's adjustment, signed from the club's side.
 */
function amountOf(line: StatementLine): number {
  if (line.section === 'merchandise') return line.partnerOwesCents;
  if (line.section === 'resolution') return line.clubOwesCents - line.partnerOwesCents;
  return line.clubOwesCents;
}

/**
 * A statement as a PDF in the club's look: header, totals, then each section's lines as a table whose
 * header repeats on every page, and "Page i of n" at the foot. Lines are drawn as they are read.
 */
export async function renderStatementPdf(input: StatementDocument): Promise<Buffer> {
  const doc: Doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: PAGE.margin,
    compress: true,
    bufferPages: true,
    info: {
      Title: `AV Pass statement ${input.statement.period} ${input.partnerName}`,
      Author: 'AV Pass',
    },
  });
  doc.registerFont('regular', FONTS.regular);
  doc.registerFont('bold', FONTS.bold);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const s = input.statement;
  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  doc.font('bold').fontSize(20).fillColor(NAVY).text('AV Pass', left, PAGE.margin);
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(GREY)
    .text('Partner statement', left, PAGE.margin + 26);
  doc
    .font('bold')
    .fontSize(16)
    .fillColor(NAVY)
    .text(input.partnerName, left, PAGE.margin + 52, { width: right - left });
  doc
    .font('regular')
    .fontSize(10)
    .fillColor(GREY)
    .text(
      `${monthName(s.period)} (${input.timeZone}) · Revision ${s.revision} · Status: ${s.status} · Issued ${s.issuedAt.slice(0, 10)}`,
      left,
      PAGE.margin + 74,
      { width: right - left },
    );

  // Totals.
  let y = PAGE.margin + 100;
  doc.roundedRect(left, y, right - left, 64, 6).fill('#f2f4f7');
  const figure = (label: string, value: string, x: number) => {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, x, y + 12, { width: 160 });
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(NAVY)
      .text(value, x, y + 28, { width: 160 });
  };
  figure('The club owes the partner', money(s.clubOwesCents), left + 14);
  figure('The partner owes the club', money(s.partnerOwesCents), left + 184);
  figure(
    s.netCents >= 0 ? 'Net: the club pays the partner' : 'Net: the partner pays the club',
    money(Math.abs(s.netCents)),
    left + 354,
  );
  y += 84;
  if (s.resolution) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(`Resolution: ${s.resolution}`, left, y, { width: right - left });
    y = doc.y + 8;
  }

  const header = () => {
    let x = left;
    doc.font('bold').fontSize(9).fillColor(NAVY);
    for (const column of COLUMNS) {
      doc.text(column.title, x, y, { width: column.width - 6, align: column.align });
      x += column.width;
    }
    y += 14;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).stroke(RULE);
    y += 4;
  };
  const room = (height: number, repeatHeader: boolean) => {
    if (y + height <= PAGE.height - PAGE.margin - 20) return;
    doc.addPage();
    y = PAGE.margin;
    if (repeatHeader) header();
  };

  let section: StatementSection | null = null;
  let any = false;
  for await (const page of input.lines) {
    for (const line of page) {
      any = true;
      if (line.section !== section) {
        section = line.section;
        room(48, false);
        y += 8;
        doc.font('bold').fontSize(11).fillColor(GREEN).text(SECTION_TITLES[section], left, y);
        y += 18;
        header();
      }
      const note = line.withoutSaleAmount > 0 ? ` · ${line.withoutSaleAmount} without a sale amount` : '';
      const reversals = line.reversals > 0 ? ` · ${line.reversals} cancelled` : '';
      const cells = [
        `${line.label || line.subjectType}${reversals}${note}`,
        String(line.quantity),
        line.section === 'vouchers' || line.section === 'adjustments' ? money(line.salesCents) : '',
        line.section === 'vouchers' || line.section === 'adjustments' ? money(line.discountCents) : '',
        money(amountOf(line)),
      ];
      // The description wraps (a long label and its notes stay whole); the row is as tall as it is.
      doc.font('regular').fontSize(9).fillColor('#101828');
      const height = Math.max(11, doc.heightOfString(cells[0]!, { width: COLUMNS[0]!.width - 6 }));
      room(height + 5, true);
      doc.font('regular').fontSize(9).fillColor('#101828'); // after a page's repeated (bold) header
      let x = left;
      cells.forEach((cell, i) => {
        const column = COLUMNS[i]!;
        doc.text(cell, x, y, {
          width: column.width - 6,
          align: column.align,
          ...(i === 0 ? {} : { lineBreak: false }),
        });
        x += column.width;
      });
      y += height + 3;
    }
  }
  if (!any)
    doc
      .font('regular')
      .fontSize(10)
      .fillColor(GREY)
      .text('Nothing happened at this partner in the month.', left, y);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin, where pdfkit would otherwise start a new page for the text.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(`Page ${i + 1} of ${range.count}`, left, PAGE.height - PAGE.margin + 10, {
        width: right - left,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
