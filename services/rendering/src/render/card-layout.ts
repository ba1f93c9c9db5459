import type { VoucherStatus } from '@avpass/domain';
import { TRAINER_MEMBER_TEXT, type CardImage, type VoucherCardModel } from './card-model';
import type { QrMatrix } from './qr-matrix';

/**
 * The voucher card as positioned drawing operations, laid out once and painted by both the SVG and
 * the PDF writer, so the two formats (and the PNG made from the SVG) show the same card. Units are
 * CSS pixels for SVG and points for PDF; text y is the baseline.
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
    }
  | { kind: 'image'; x: number; y: number; w: number; h: number; image: CardImage; round: boolean }
  | { kind: 'qr'; x: number; y: number; size: number; matrix: QrMatrix; margin: number };

export interface CardLayout {
  width: number;
  height: number;
  ops: DrawOp[];
}

export const CARD_WIDTH = 600;
const PAD = 36;
const INNER = CARD_WIDTH - 2 * PAD;
const QR_SIZE = 240;

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

const STATUS_COLORS: Record<VoucherStatus, { fill: string; ink: string }> = {
  active: { fill: '#dcfce7', ink: '#166534' },
  expired: { fill: '#fee2e2', ink: '#991b1b' },
  used_up: { fill: '#e5e7eb', ink: '#374151' },
  inactive: { fill: '#e5e7eb', ink: '#374151' },
};

/** An estimate of a line's width; both writers use it for wrapping, so lines break the same way. */
export function textWidth(text: string, size: number, bold = false): number {
  return [...text].length * size * (bold ? 0.62 : 0.56);
}

/**
 * Greedy word wrap to `maxWidth`, at most `maxLines` lines (the last one ends with an ellipsis when
 * text was cut). Words longer than a line are broken; line breaks in the text are kept.
 */
export function wrapText(
  text: string,
  size: number,
  maxWidth: number,
  maxLines: number,
  bold = false,
): string[] {
  const maxChars = Math.max(4, Math.floor(maxWidth / textWidth('x', size, bold)));
  const lines: string[] = [];
  let truncated = false;
  outer: for (const paragraph of text.split(/\r?\n/)) {
    let line = '';
    for (const rawWord of paragraph.split(/\s+/).filter(Boolean)) {
      let word = rawWord;
      while ([...word].length > maxChars) {
        if (line) {
          lines.push(line);
          line = '';
        }
        const chars = [...word];
        lines.push(chars.slice(0, maxChars).join(''));
        word = chars.slice(maxChars).join('');
        if (lines.length >= maxLines) {
          truncated = true;
          break outer;
        }
      }
      const candidate = line ? `${line} ${word}` : word;
      if ([...candidate].length <= maxChars) {
        line = candidate;
        continue;
      }
      lines.push(line);
      line = word;
      if (lines.length >= maxLines) {
        truncated = true;
        break outer;
      }
    }
    if (line || paragraph.trim() === '') {
      if (lines.length >= maxLines) {
        truncated = true;
        break;
      }
      if (line) lines.push(line);
    }
  }
  const result = lines.slice(0, maxLines);
  if (truncated || lines.length > maxLines) {
    const last = [...(result[result.length - 1] ?? '')];
    result[result.length - 1] = `${last
      .slice(0, Math.max(0, maxChars - 1))
      .join('')
      .trimEnd()}…`;
  }
  return result;
}

function fitInside(image: CardImage, box: number): { w: number; h: number } {
  const scale = Math.min(box / image.width, box / image.height);
  return { w: Math.round(image.width * scale), h: Math.round(image.height * scale) };
}

export function layoutVoucherCard(card: VoucherCardModel): CardLayout {
  const ops: DrawOp[] = [];
  const center = CARD_WIDTH / 2;
  const text = (
    value: string,
    x: number,
    y: number,
    size: number,
    options: { bold?: boolean; color?: string; anchor?: 'start' | 'middle' | 'end' } = {},
  ) =>
    ops.push({
      kind: 'text',
      x,
      y,
      text: value,
      size,
      bold: options.bold ?? false,
      color: options.color ?? COLORS.ink,
      anchor: options.anchor ?? 'start',
    });
  const initialsDisc = (cy: number, r: number, initials: string) => {
    ops.push({ kind: 'circle', cx: center, cy, r, fill: COLORS.brand });
    text(initials, center, cy + r * 0.27, Math.round(r * 0.75), {
      bold: true,
      color: COLORS.white,
      anchor: 'middle',
    });
  };

  let y = PAD;
  // Header: the trainer's photo, name and role, or the partner's logo (initials when there is none).
  if (card.header.kind === 'trainer') {
    const r = 56;
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
    y += 2 * r + 34;
    for (const line of wrapText(card.header.name, 24, INNER, 2, true)) {
      text(line, center, y, 24, { bold: true, anchor: 'middle' });
      y += 30;
    }
    text(card.header.roleLabel, center, y, 17, { bold: true, color: COLORS.brand, anchor: 'middle' });
    y += 24;
    text(TRAINER_MEMBER_TEXT, center, y, 15, { color: COLORS.muted, anchor: 'middle' });
    y += 40;
  } else if (card.header.logo) {
    const { w, h } = fitInside(card.header.logo, 120);
    ops.push({
      kind: 'image',
      x: center - w / 2,
      y: y + (120 - h) / 2,
      w,
      h,
      image: card.header.logo,
      round: false,
    });
    y += 120 + 44;
  } else {
    initialsDisc(y + 48, 48, card.header.initials);
    y += 96 + 44;
  }

  for (const line of wrapText(card.title, 28, INNER, 3, true)) {
    text(line, center, y, 28, { bold: true, anchor: 'middle' });
    y += 34;
  }
  text(card.partnerTypeText, center, y, 16, { color: COLORS.muted, anchor: 'middle' });
  y += 22;

  const badgeWidth = Math.min(INNER, textWidth(card.discount, 22, true) + 48);
  ops.push({ kind: 'rect', x: center - badgeWidth / 2, y, w: badgeWidth, h: 44, r: 22, fill: COLORS.badge });
  text(card.discount, center, y + 30, 22, { bold: true, color: COLORS.white, anchor: 'middle' });
  y += 44 + 28;

  ops.push({ kind: 'rect', x: PAD, y, w: INNER, h: 1, r: 0, fill: COLORS.border });
  y += 34;

  const label = (value: string, color: string = COLORS.muted) =>
    text(value, PAD, y, 12, { bold: true, color });
  label('SERVICE');
  y += 24;
  for (const line of wrapText(card.service, 18, INNER, 2)) {
    text(line, PAD, y, 18);
    y += 24;
  }
  y += 14;
  label('VALID UNTIL');
  y += 24;
  text(card.validUntil, PAD, y, 18);
  y += 38;
  label('USAGE');
  y += 24;
  text(card.usage, PAD, y, 18);
  const status = STATUS_COLORS[card.status];
  const statusWidth = textWidth(card.statusLabel, 13, true) + 28;
  ops.push({
    kind: 'rect',
    x: PAD + INNER - statusWidth,
    y: y - 21,
    w: statusWidth,
    h: 28,
    r: 14,
    fill: status.fill,
  });
  text(card.statusLabel, PAD + INNER - statusWidth / 2, y - 2, 13, {
    bold: true,
    color: status.ink,
    anchor: 'middle',
  });
  y += 32;

  if (card.instructions) {
    const lines = wrapText(card.instructions, 14, INNER - 32, 6);
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
    text('REDEMPTION INSTRUCTIONS', PAD + 16, y + 28, 12, { bold: true, color: COLORS.instructionsInk });
    let ly = y + 52;
    for (const line of lines) {
      text(line, PAD + 16, ly, 14, { color: COLORS.instructionsInk });
      ly += 20;
    }
    y += boxHeight + 24;
  }

  if (card.terms) {
    label('TERMS & CONDITIONS');
    y += 22;
    for (const line of wrapText(card.terms, 13, INNER, 10)) {
      text(line, PAD, y, 13, { color: COLORS.muted });
      y += 18;
    }
    y += 10;
  }

  y += 8;
  ops.push({ kind: 'qr', x: center - QR_SIZE / 2, y, size: QR_SIZE, matrix: card.qr, margin: 2 });
  y += QR_SIZE + 24;
  text('Scan to open this voucher', center, y, 13, { color: COLORS.muted, anchor: 'middle' });
  y += PAD;

  // The card's frame goes underneath everything else.
  ops.unshift({
    kind: 'rect',
    x: 0.5,
    y: 0.5,
    w: CARD_WIDTH - 1,
    h: y - 1,
    r: 24,
    fill: COLORS.white,
    stroke: COLORS.border,
  });
  return { width: CARD_WIDTH, height: Math.ceil(y), ops };
}
