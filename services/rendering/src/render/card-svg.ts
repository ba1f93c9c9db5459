import type { CardLayout, DrawOp } from './card-layout';
import { qrSvgPath } from './qr-matrix';

// Characters XML 1.0 does not allow at all (a name pasted from elsewhere may carry them).
const INVALID_XML_CHARS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** Text as XML character data or attribute value: `<script>` & "quotes" print as themselves. */
export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML_CHARS, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

// The PDF's fonts (card-fonts.ts), found by fontconfig when librsvg draws the PNG.
const FONT_FAMILY = "DejaVu Sans, 'Noto Sans CJK SC', Helvetica, Arial, sans-serif";
const n = (value: number) => Math.round(value * 100) / 100;

function drawOp(op: DrawOp, index: number): string {
  switch (op.kind) {
    case 'rect':
      return `<rect x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" rx="${op.r}" fill="${op.fill}"${
        op.stroke ? ` stroke="${op.stroke}"` : ''
      }/>`;
    case 'circle':
      return `<circle cx="${n(op.cx)}" cy="${n(op.cy)}" r="${op.r}" fill="${op.fill}"/>`;
    case 'text':
      return `<text x="${n(op.x)}" y="${n(op.y)}" font-size="${op.size}"${op.bold ? ' font-weight="bold"' : ''} fill="${op.color}"${
        op.anchor === 'start' ? '' : ` text-anchor="${op.anchor}"`
      }>${escapeXml(op.text)}</text>`;
    case 'image': {
      const href = `data:image/png;base64,${op.image.png.toString('base64')}`;
      if (!op.round) {
        return `<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" href="${href}"/>`;
      }
      const id = `clip${index}`;
      return (
        `<clipPath id="${id}"><circle cx="${n(op.x + op.w / 2)}" cy="${n(op.y + op.h / 2)}" r="${n(op.w / 2)}"/></clipPath>` +
        `<image x="${n(op.x)}" y="${n(op.y)}" width="${n(op.w)}" height="${n(op.h)}" preserveAspectRatio="xMidYMid slice" clip-path="url(#${id})" href="${href}"/>`
      );
    }
    case 'qr': {
      const modules = op.matrix.size + 2 * op.margin;
      const scale = op.size / modules;
      return (
        `<rect x="${n(op.x)}" y="${n(op.y)}" width="${op.size}" height="${op.size}" fill="#ffffff"/>` +
        `<path transform="translate(${n(op.x + op.margin * scale)} ${n(op.y + op.margin * scale)}) scale(${n(scale)})" ` +
        `shape-rendering="crispEdges" fill="#000000" d="${qrSvgPath(op.matrix)}"/>`
      );
    }
  }
}

/** The laid-out card as a standalone SVG document. */
export function cardSvg(layout: CardLayout, title: string): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" font-family="${FONT_FAMILY}">` +
    `<title>${escapeXml(title)}</title>` +
    layout.ops.map(drawOp).join('') +
    `</svg>\n`
  );
}
