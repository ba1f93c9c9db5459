import { TRAINER_MEMBER_TEXT, type CardImage, type VoucherCardModel } from './card-model';
import { isCjk } from './card-fonts';
import type { QrMatrix } from './qr-matrix';

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

/** Advance of one character in em, generous for DejaVu Sans (the card's font) so lines rarely overflow. */
function charWidth(char: string, bold: boolean): number {
  if (isCjk(char)) return 1;
  if (/\s/.test(char)) return 0.34;
  if (/[iljtfr.,:;'!|()[\]]/.test(char)) return bold ? 0.46 : 0.4;
  if (/[mwMW@%]/.test(char)) return bold ? 1.04 : 0.98;
  if (char !== char.toLowerCase()) return bold ? 0.82 : 0.76;
  return bold ? 0.71 : 0.64;
}

/** An estimate of a line's width; both writers use it for wrapping, so lines break the same way. */
export function textWidth(text: string, size: number, bold = false): number {
  let em = 0;
  for (const char of text) em += charWidth(char, bold);
  return em * size;
}

/** A paragraph as pieces that may not be split across lines (a word, or one CJK character). */
function pieces(paragraph: string): { text: string; space: boolean }[] {
  const out: { text: string; space: boolean }[] = [];
  let space = false;
  let word = '';
  const flush = () => {
    if (!word) return;
    out.push({ text: word, space });
    word = '';
    space = false;
  };
  for (const char of paragraph) {
    if (/\s/.test(char)) {
      flush();
      space = out.length > 0;
    } else if (isCjk(char)) {
      flush();
      out.push({ text: char, space });
      space = false;
    } else {
      word += char;
    }
  }
  flush();
  return out;
}

/**
 * Greedy wrap to `maxWidth` (by the estimate above), at most `maxLines` lines; the last ends with an
 * ellipsis when text was cut. Words longer than a line are broken; CJK breaks between characters;
 * line breaks in the text are kept.
 */
export function wrapText(
  text: string,
  size: number,
  maxWidth: number,
  maxLines: number,
  bold = false,
): string[] {
  const fits = (line: string) => textWidth(line, size, bold) <= maxWidth;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const piece of pieces(paragraph)) {
      const candidate = line ? `${line}${piece.space ? ' ' : ''}${piece.text}` : piece.text;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = '';
      // A piece wider than a whole line is cut where it fills the line.
      let rest = piece.text;
      while (!fits(rest)) {
        const chars = [...rest];
        let n = chars.length - 1;
        while (n > 1 && !fits(chars.slice(0, n).join(''))) n--;
        lines.push(chars.slice(0, n).join(''));
        rest = chars.slice(n).join('');
      }
      line = rest;
    }
    if (line) lines.push(line);
  }
  if (lines.length <= maxLines) return lines;
  const result = lines.slice(0, maxLines);
  const chars = [...result[maxLines - 1]!];
  while (chars.length && !fits(`${chars.join('').trimEnd()}…`)) chars.pop();
  result[maxLines - 1] = `${chars.join('').trimEnd()}…`;
  return result;
}

/** The largest of `sizes` at which the text fits in `maxLines`; else the smallest, cut with an ellipsis. */
export function fitText(
  text: string,
  sizes: readonly number[],
  maxWidth: number,
  maxLines: number,
  bold = false,
): { size: number; lines: string[] } {
  for (const size of sizes) {
    const lines = wrapText(text, size, maxWidth, maxLines + 1, bold);
    if (lines.length <= maxLines) return { size, lines };
  }
  const size = sizes[sizes.length - 1]!;
  return { size, lines: wrapText(text, size, maxWidth, maxLines, bold) };
}

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
    text(card.header.roleLabel, center, y, 17, { bold: true, color: COLORS.brand, anchor: 'middle' });
    y += 22;
    text(TRAINER_MEMBER_TEXT, center, y, 15, { color: COLORS.muted, anchor: 'middle' });
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
  text(card.partnerTypeText, center, y, 16, { color: COLORS.muted, anchor: 'middle' });
  y += 22;

  const discount = fitText(card.discount, [22, 18, 15], INNER - 48, 1, true);
  const badgeWidth = Math.min(INNER, textWidth(discount.lines[0] ?? '', discount.size, true) + 48);
  ops.push({ kind: 'rect', x: center - badgeWidth / 2, y, w: badgeWidth, h: 44, r: 22, fill: COLORS.badge });
  text(discount.lines[0] ?? '', center, y + 22 + discount.size * 0.36, discount.size, {
    bold: true,
    color: COLORS.white,
    anchor: 'middle',
    maxWidth: badgeWidth - 32,
  });
  y += 44 + 26;

  ops.push({ kind: 'rect', x: PAD, y, w: INNER, h: 1, r: 0, fill: COLORS.border });
  y += 32;

  const label = (value: string) => text(value, PAD, y, 12, { bold: true, color: COLORS.muted });
  label('SERVICE');
  y += 24;
  const service = fitText(card.service, [18, 15], INNER, 2);
  for (const line of service.lines) {
    text(line, PAD, y, service.size);
    y += service.size * 1.33;
  }
  y += 12;
  label('VALID UNTIL');
  y += 24;
  text(card.validUntil, PAD, y, 18);
  y += 34;

  if (card.instructions) {
    const lines = wrapText(card.instructions, 14, INNER - 32, 5);
    const boxHeight = 44 + lines.length * 20 + 8;
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
    text('REDEMPTION INSTRUCTIONS', PAD + 16, y + 28, 12, {
      bold: true,
      color: COLORS.instructionsInk,
      maxWidth: INNER - 32,
    });
    let ly = y + 52;
    for (const line of lines) {
      text(line, PAD + 16, ly, 14, { color: COLORS.instructionsInk, maxWidth: INNER - 32 });
      ly += 20;
    }
    y += boxHeight + 22;
  }

  if (card.terms) {
    label('TERMS & CONDITIONS');
    y += 20;
    for (const line of wrapText(card.terms, 13, INNER, 8)) {
      text(line, PAD, y, 13, { color: COLORS.muted });
      y += 17;
    }
    y += 8;
  }

  // The QR block sits at the foot of the card; a short card gets the spare room above it.
  const qrBlock = 8 + QR_SIZE + 22 + 18 + PAD;
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
  text('Scan or type the link to open this voucher', center, y, 12, {
    color: COLORS.muted,
    anchor: 'middle',
  });
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
