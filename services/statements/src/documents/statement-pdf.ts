import {
  statementLabelIn,
  type Language,
  type Statement,
  type StatementLabelWord,
  type StatementLine,
  type StatementSection,
  type StatementStatus,
} from '@avpass/contracts';
import { formatsFor } from '@avpass/platform';
import { existsSync } from 'node:fs';
import PDFDocument from 'pdfkit';
import { STATEMENT_CATALOG } from '../i18n';

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

type Key = Parameters<typeof STATEMENT_CATALOG.t>[1];

const SECTION_TITLES: Record<StatementSection, Key> = {
  vouchers: 'pdf.section.vouchers',
  adjustments: 'pdf.section.adjustments',
  credits: 'pdf.section.credits',
  merchandise: 'pdf.section.merchandise',
  resolution: 'pdf.section.resolution',
};

const STATUS_WORDS: Record<StatementStatus, Key> = {
  issued: 'pdf.status.issued',
  approved: 'pdf.status.approved',
  disputed: 'pdf.status.disputed',
  superseded: 'pdf.status.superseded',
  paid: 'pdf.status.paid',
};

/** The English words of a ledger label, in the reader's language (`statementLabelIn`). */
const LABEL_WORDS: Record<StatementLabelWord, Key> = {
  credit: 'pdf.label.credit',
  athleteCredit: 'pdf.label.athlete-credit',
  batch: 'pdf.label.batch',
  code: 'pdf.label.code',
};

/** Letter paper, in points. */
const PAGE = { width: 612, height: 792, margin: 48 };
const COLUMNS: { title: Key; width: number; align: 'left' | 'right' }[] = [
  { title: 'pdf.column.description', width: 220, align: 'left' },
  { title: 'pdf.column.quantity', width: 50, align: 'right' },
  { title: 'pdf.column.sales', width: 80, align: 'right' },
  { title: 'pdf.column.discount', width: 80, align: 'right' },
  { title: 'pdf.column.amount', width: 86, align: 'right' },
];

export interface StatementDocument {
  statement: Statement;
  partnerName: string;
  timeZone: string;
  /** The reader's language: its words, dates and money (issue 42). */
  language: Language;
  /** The statement's lines, a page at a time, in order (never all in memory at once). */
  lines: AsyncIterable<StatementLine[]>;
}

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
  const t = STATEMENT_CATALOG.in(input.language);
  const formats = formatsFor(input.language, input.timeZone);
  const money = formats.money;
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
    .text(t('pdf.title'), left, PAGE.margin + 26);
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
      t('pdf.heading', {
        month: formats.month(s.period),
        timeZone: input.timeZone,
        revision: s.revision,
        status: t(STATUS_WORDS[s.status]),
        issued: formats.date(s.issuedAt),
      }),
      left,
      PAGE.margin + 74,
      { width: right - left },
    );

  // Totals: three figures under their labels; a label that wraps (longer in some languages) moves the
  // figures down rather than running into them.
  let y = PAGE.margin + 100;
  const figures: [label: string, value: string][] = [
    [t('pdf.club-owes'), money(s.clubOwesCents)],
    [t('pdf.partner-owes'), money(s.partnerOwesCents)],
    [s.netCents >= 0 ? t('pdf.net.club-pays') : t('pdf.net.partner-pays'), money(Math.abs(s.netCents))],
  ];
  const FIGURE_WIDTH = 160;
  doc.font('regular').fontSize(9);
  const labelHeight = Math.max(
    ...figures.map(([label]) => doc.heightOfString(label, { width: FIGURE_WIDTH })),
  );
  const boxHeight = Math.max(64, 12 + labelHeight + 4 + 18 + 12);
  doc.roundedRect(left, y, right - left, boxHeight, 6).fill('#f2f4f7');
  figures.forEach(([label, value], i) => {
    const x = left + 14 + i * 170;
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(label, x, y + 12, { width: FIGURE_WIDTH });
    doc
      .font('bold')
      .fontSize(14)
      .fillColor(NAVY)
      .text(value, x, y + 12 + labelHeight + 4, { width: FIGURE_WIDTH });
  });
  y += boxHeight + 20;
  if (s.resolution) {
    doc
      .font('regular')
      .fontSize(9)
      .fillColor(GREY)
      .text(t('pdf.resolution', { text: s.resolution }), left, y, { width: right - left });
    y = doc.y + 8;
  }

  const header = () => {
    let x = left;
    doc.font('bold').fontSize(9).fillColor(NAVY);
    for (const column of COLUMNS) {
      doc.text(t(column.title), x, y, { width: column.width - 6, align: column.align });
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
        doc.font('bold').fontSize(11).fillColor(GREEN).text(t(SECTION_TITLES[section]), left, y);
        y += 18;
        header();
      }
      const cells = [
        [
          line.label ? statementLabelIn(line.label, (word) => t(LABEL_WORDS[word])) : line.subjectType,
          ...(line.reversals > 0 ? [t('pdf.line.cancelled', { count: formats.number(line.reversals) })] : []),
          ...(line.withoutSaleAmount > 0
            ? [t('pdf.line.no-sale-amount', { count: formats.number(line.withoutSaleAmount) })]
            : []),
        ].join(' · '),
        formats.number(line.quantity),
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
  if (!any) doc.font('regular').fontSize(10).fillColor(GREY).text(t('pdf.empty'), left, y);

  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Below the bottom margin, where pdfkit would otherwise start a new page for the text.
    doc.page.margins.bottom = 0;
    doc
      .font('regular')
      .fontSize(8)
      .fillColor(GREY)
      .text(t('pdf.page', { page: i + 1, pages: range.count }), left, PAGE.height - PAGE.margin + 10, {
        width: right - left,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
