import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface PdfWord {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  text: string;
}

/**
 * Where a PDF draws each word (`pdftotext -bbox`, poppler-utils), with its first page's size; `page`
 * reads that page alone. What a printed layout test checks words against.
 */
export async function pdfWords(
  path: string,
  { page }: { page?: number } = {},
): Promise<{ width: number; height: number; words: PdfWord[] }> {
  const pages = page ? ['-f', String(page), '-l', String(page)] : [];
  const { stdout } = await run('pdftotext', ['-bbox', ...pages, path, '-']);
  const [, width, height] = /<page width="([\d.]+)" height="([\d.]+)">/.exec(stdout) ?? [];
  const words = [
    ...stdout.matchAll(
      /<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g,
    ),
  ].map(([, x0, y0, x1, y1, text]) => ({ x0: +x0!, y0: +y0!, x1: +x1!, y1: +y1!, text: text! }));
  return { width: Number(width), height: Number(height), words };
}

/** The words that run off a page of that size (on one page's words). */
export const wordsOffPage = ({ width, height, words }: Awaited<ReturnType<typeof pdfWords>>): string[] =>
  words.filter((w) => w.x0 < 0 || w.y0 < 0 || w.x1 > width || w.y1 > height).map((w) => w.text);

/**
 * Words drawn over one another (a label that wraps into its figure): every pair whose boxes overlap by
 * more than half a point both ways, on one page's words.
 */
export function overlappingWords(words: readonly PdfWord[]): string[] {
  const found: string[] = [];
  words.forEach((a, i) => {
    for (const b of words.slice(i + 1)) {
      const across = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const down = Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0);
      if (across > 0.5 && down > 0.5) found.push(`"${a.text}" over "${b.text}"`);
    }
  });
  return found;
}
