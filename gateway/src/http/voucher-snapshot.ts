import { voucherTextIn, type PublicVoucher, type Words } from '@avpass/contracts';
import { createHash } from 'node:crypto';
import { escapeHtml, voucherNotFoundHtml, voucherSnapshotHtml } from './voucher-snapshot-card';
import { SNAPSHOT_STYLE } from './voucher-snapshot-style';

export { escapeHtml } from './voucher-snapshot-card';

/** The id of the JSON data block the voucher page reads (frontend/src/lib/vouchers-api/public-voucher.ts). */
export const VOUCHER_DATA_ID = 'avpass-voucher';

const ROOT = '<div id="root"></div>';

/**
 * The public voucher answer as a JSON data block, so the app's first render shows the voucher instead
 * of a loading state. A data block is never run (the CSP's script-src 'self' is untouched); every `<`
 * is written as \u003c so a title cannot close the element.
 */
export function voucherDataHtml(voucher: PublicVoucher): string {
  const json = JSON.stringify(voucher).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${VOUCHER_DATA_ID}">${json}</script>`;
}

/**
 * index.html with the voucher's card inside the root element (the app replaces it when it mounts) and
 * the voucher's data in the head (the app starts with it). Null when index.html has no empty root.
 */
export function indexWithVoucher(
  indexHtml: string,
  voucher: PublicVoucher,
  timeZone: string,
  words: Words,
): string | null {
  if (!indexHtml.includes(ROOT)) return null;
  const text = voucherTextIn(voucher, words);
  // Replacer functions: the voucher's words are inserted as they are (a `$&` in a title stays text).
  return inLanguage(indexHtml, words)
    .replace('</head>', () => `${SNAPSHOT_STYLE}${voucherDataHtml(voucher)}</head>`)
    .replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeHtml(words.t('voucher.title.document', { title: text.title }))}</title>`,
    )
    .replace(ROOT, () => `<div id="root">${voucherSnapshotHtml(voucher, timeZone, words)}</div>`);
}

/** `<html lang>` in the page's language (index.html says en). */
function inLanguage(indexHtml: string, words: Words): string {
  return indexHtml.replace(/<html lang="[^"]*"/, `<html lang="${words.language}"`);
}

/** index.html saying what the app says for an unknown or malformed id. */
export function indexWithoutVoucher(indexHtml: string, words: Words): string | null {
  if (!indexHtml.includes(ROOT)) return null;
  return inLanguage(indexHtml, words)
    .replace('</head>', () => `${SNAPSHOT_STYLE}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(words.t('voucher.title.notFound'))}</title>`)
    .replace(ROOT, () => `<div id="root">${voucherNotFoundHtml(words)}</div>`);
}

/**
 * The answer's ETag: a hash of the page itself, so it changes with anything the page shows (a redeem's
 * usage and status, an edit, the day's turn from active to expired, a new build of the app).
 */
export function pageEtag(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url').slice(0, 22)}"`;
}

/** Whether an If-None-Match header names this ETag (a list, a weak form or `*`). */
export function etagMatches(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const values = (Array.isArray(header) ? header.join(',') : header).split(',');
  return values.some((value) => {
    const tag = value.trim();
    return tag === '*' || tag === etag || tag === `W/${etag}`;
  });
}
