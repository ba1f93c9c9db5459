import { isCjk } from './card-fonts';

/** Measuring, wrapping and fitting the card's lines (both writers use the same estimate). */

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
