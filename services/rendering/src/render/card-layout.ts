import type { CardWords } from '../i18n';
import type { CardImage, VoucherCardModel } from './card-model';
import { fitText, textWidth, wrapText } from './card-text';
import type { QrMatrix } from './qr-matrix';

export { fitText, textWidth, wrapText } from './card-text';

/**
 * The voucher card as positioned drawing operations, laid out once and painted by both the SVG and
 * the PDF writer, so the two formats (and the PNG made from the SVG) show the same card. Units are
 * CSS pixels for SVG; the PDF writer scales the 600-unit card to its page. Text y is the baseline.
 */
export type DrawOp =
  | { kind: 'rect'; x: number; y: number; w: number; h: number; r: number; fill: string; stroke?: string }
  | { kind: 'circle'; cx: number; cy: number; r: number; fill: string }
  | {
      kind: 'text';
      x: number;
      y: number;
      text: string;
      size: number;
      bold: boolean;
      color: string;
      anchor: 'start' | 'middle' | 'end';
      /** The line never gets wider than this: a writer that measures real glyphs shrinks it to fit. */
      maxWidth: number;
    }
  | { kind: 'image'; x: number; y: number; w: number; h: number; image: CardImage; round: boolean }
  | { kind: 'qr'; x: number; y: number; size: number; matrix: QrMatrix; margin: number };

export interface CardLayout {
  width: number;
  height: number;
  ops: DrawOp[];
}

export interface CardLayoutOptions {
  /** Height ÷ width of the printed card: the layout is at least this tall (the QR sits at the foot). */
  aspect: number;
  /** A rounded border around the card (on screen); a printed page is cut at its edge instead. */
  frame: boolean;
}

export const CARD_WIDTH = 600;
const PAD = 36;
const INNER = CARD_WIDTH - 2 * PAD;
const QR_SIZE = 240;
/** Quiet zone around the card's QR, in modules (ISO/IEC 18004 asks for 4). */
export const CARD_QR_MARGIN = 4;

const COLORS = {
  ink: '#0f172a',
  muted: '#64748b',
  border: '#e2e8f0',
  brand: '#0f766e',
  badge: '#16a34a',
  white: '#ffffff',
  instructionsFill: '#fffbeb',
  instructionsStroke: '#fcd34d',
  instructionsInk: '#92400e',
} as const;

function fitInside(image: CardImage, box: number): { w: number; h: number } {
  const scale = Math.min(box / image.width, box / image.height);
  return { w: Math.round(image.width * scale), h: Math.round(image.height * scale) };
}

export function layoutVoucherCard(card: VoucherCardModel, options: CardLayoutOptions): CardLayout {
  const ops: DrawOp[] = [];
  const center = CARD_WIDTH / 2;
  const text = (
    value: string,
    x: number,
    y: number,
    size: number,
    opts: { bold?: boolean; color?: string; anchor?: 'start' | 'middle' | 'end'; maxWidth?: number } = {},
  ) =>
    ops.push({
      kind: 'text',
      x,
      y,
      text: value,
      size,
      bold: opts.bold ?? false,
      color: opts.color ?? COLORS.ink,
      anchor: opts.anchor ?? 'start',
      maxWidth: opts.maxWidth ?? INNER,
    });
  /**
   * A fixed word in each language the card speaks: one line, or on a bilingual card English and Spanish
   * joined by " · " when they fit a line at this size, else a line each (English first).
   */
  const said = (pick: (words: CardWords) => string, size: number, bold: boolean, maxWidth = INNER) => {
    const values = [...new Set(card.words.map(pick))];
    const joined = values.join(' · ');
    return values.length > 1 && textWidth(joined, size, bold) <= maxWidth ? [joined] : values;
  };
  /** Lines one under the other, `step` apart; y ends on the last line's baseline. */
  const stacked = (
    lines: readonly string[],
    x: number,
    size: number,
    step: number,
    opts: Parameters<typeof text>[4] = {},
  ) =>
    lines.forEach((line, i) => {
      if (i > 0) y += step;
      text(line, x, y, size, opts);
    });
  const initialsDisc = (cy: number, r: number, initials: string) => {
    ops.push({ kind: 'circle', cx: center, cy, r, fill: COLORS.brand });
    text(initials, center, cy + r * 0.27, Math.round(r * 0.75), {
      bold: true,
      color: COLORS.white,
      anchor: 'middle',
      maxWidth: 1.6 * r,
    });
  };

  let y = PAD;
  // Header: the trainer's photo, name and role, or the partner's logo (initials when there is none).
  if (card.header.kind === 'trainer') {
    const r = 48;
    if (card.header.image) {
      ops.push({
        kind: 'image',
        x: center - r,
        y,
        w: 2 * r,
        h: 2 * r,
        image: card.header.image,
        round: true,
      });
    } else {
      initialsDisc(y + r, r, card.header.initials);
    }
    y += 2 * r + 32;
    const name = fitText(card.header.name, [24, 20, 17], INNER, 2, true);
    for (const line of name.lines) {
      text(line, center, y, name.size, { bold: true, anchor: 'middle' });
      y += name.size * 1.25;
    }
    const role = said((w) => w.roleLabel ?? '', 17, true);
    stacked(role, center, 17, 21, { bold: true, color: COLORS.brand, anchor: 'middle' });
    y += 22;
    stacked(
      said((w) => w.memberText, 15, false),
      center,
      15,
      19,
      { color: COLORS.muted, anchor: 'middle' },
    );
    y += 38;
  } else if (card.header.logo) {
    const { w, h } = fitInside(card.header.logo, 104);
    ops.push({
      kind: 'image',
      x: center - w / 2,
      y: y + (104 - h) / 2,
      w,
      h,
      image: card.header.logo,
      round: false,
    });
    y += 104 + 40;
  } else {
    initialsDisc(y + 44, 44, card.header.initials);
    y += 88 + 40;
  }

  // A long title shrinks before it wraps to a third line (and is cut only beyond that).
  const title = fitText(card.title, [28, 24, 21, 18], INNER, 3, true);
  for (const line of title.lines) {
    text(line, center, y, title.size, { bold: true, anchor: 'middle' });
    y += title.size * 1.22;
  }
  if (card.partnerName) {
    const partner = fitText(card.partnerName, [18, 15], INNER, 2, true);
    for (const line of partner.lines) {
      text(line, center, y, partner.size, { bold: true, color: COLORS.brand, anchor: 'middle' });
      y += partner.size * 1.3;
    }
  }
  stacked(
    said((w) => w.partnerTypeText, 16, false),
    center,
    16,
    20,
    { color: COLORS.muted, anchor: 'middle' },
  );
  y += 22;

  // The discount badge: a line, or two (English over Spanish) when both do not fit one at 15 px.
  const fitted = said((w) => w.discount, 15, true, INNER - 48).map((line) =>
    fitText(line, [22, 18, 15], INNER - 48, 1, true),
  );
  const badgeSize = Math.min(...fitted.map((f) => f.size));
  const badgeLines = fitted.map((f) => f.lines[0] ?? '');
  const badgeStep = Math.round(badgeSize * 1.25);
  const badgeHeight = 44 + (badgeLines.length - 1) * badgeStep;
  const badgeWidth = Math.min(INNER, Math.max(...badgeLines.map((l) => textWidth(l, badgeSize, true))) + 48);
  ops.push({
    kind: 'rect',
    x: center - badgeWidth / 2,
    y,
    w: badgeWidth,
    h: badgeHeight,
    r: 22,
    fill: COLORS.badge,
  });
  badgeLines.forEach((line, i) =>
    text(line, center, y + 22 + i * badgeStep + badgeSize * 0.36, badgeSize, {
      bold: true,
      color: COLORS.white,
      anchor: 'middle',
      maxWidth: badgeWidth - 32,
    }),
  );
  y += badgeHeight + 26;

  ops.push({ kind: 'rect', x: PAD, y, w: INNER, h: 1, r: 0, fill: COLORS.border });
  y += 32;

  const label = (pick: (labels: CardWords['labels']) => string) =>
    stacked(
      said((w) => pick(w.labels), 12, true),
      PAD,
      12,
      16,
      { bold: true, color: COLORS.muted },
    );
  label((l) => l.service);
  y += 24;
  const service = fitText(card.service, [18, 15], INNER, 2);
  for (const line of service.lines) {
    text(line, PAD, y, service.size);
    y += service.size * 1.33;
  }
  y += 12;
  label((l) => l.validUntil);
  y += 24;
  stacked(
    said((w) => w.validUntil, 18, false),
    PAD,
    18,
    24,
  );
  y += 34;

  if (card.instructions) {
    const lines = wrapText(card.instructions, 14, INNER - 32, 5);
    const heading = said((w) => w.labels.instructions, 12, true, INNER - 32);
    const boxHeight = 44 + (heading.length - 1) * 16 + lines.length * 20 + 8;
    ops.push({
      kind: 'rect',
      x: PAD,
      y,
      w: INNER,
      h: boxHeight,
      r: 10,
      fill: COLORS.instructionsFill,
      stroke: COLORS.instructionsStroke,
    });
    heading.forEach((line, i) =>
      text(line, PAD + 16, y + 28 + i * 16, 12, {
        bold: true,
        color: COLORS.instructionsInk,
        maxWidth: INNER - 32,
      }),
    );
    let ly = y + 52 + (heading.length - 1) * 16;
    for (const line of lines) {
      text(line, PAD + 16, ly, 14, { color: COLORS.instructionsInk, maxWidth: INNER - 32 });
      ly += 20;
    }
    y += boxHeight + 22;
  }

  if (card.terms) {
    label((l) => l.terms);
    y += 20;
    for (const line of wrapText(card.terms, 13, INNER, 8)) {
      text(line, PAD, y, 13, { color: COLORS.muted });
      y += 17;
    }
    y += 8;
  }

  // The QR block sits at the foot of the card; a short card gets the spare room above it.
  const scan = said((w) => w.scan, 12, false);
  const qrBlock = 8 + QR_SIZE + 22 + 18 + (scan.length - 1) * 16 + PAD;
  const minHeight = CARD_WIDTH * options.aspect;
  y = Math.max(y, minHeight - qrBlock) + 8;
  ops.push({
    kind: 'qr',
    x: center - QR_SIZE / 2,
    y,
    size: QR_SIZE,
    matrix: card.qr,
    margin: CARD_QR_MARGIN,
  });
  y += QR_SIZE + 22;
  const link = fitText(card.linkText, [13, 11, 9], INNER, 1);
  text(link.lines[0] ?? '', center, y, link.size, { color: COLORS.ink, anchor: 'middle' });
  y += 18;
  stacked(scan, center, 12, 16, { color: COLORS.muted, anchor: 'middle' });
  y += PAD - 4;

  const height = Math.ceil(Math.max(y, minHeight));
  // The card's background (and frame) goes underneath everything else.
  ops.unshift({
    kind: 'rect',
    x: options.frame ? 0.5 : 0,
    y: options.frame ? 0.5 : 0,
    w: options.frame ? CARD_WIDTH - 1 : CARD_WIDTH,
    h: options.frame ? height - 1 : height,
    r: options.frame ? 24 : 0,
    fill: COLORS.white,
    ...(options.frame ? { stroke: COLORS.border } : {}),
  });
  return { width: CARD_WIDTH, height, ops };
}
