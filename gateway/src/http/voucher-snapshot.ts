import { voucherText, voucherWhere, type PublicVoucher } from '@avpass/contracts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A few rules matching the voucher page's look (navy page, white card). Styles only: the CSP allows
 * inline styles (MUI injects them too); scripts stay 'self'.
 */
const STYLE = `<style>
.vs{min-height:100vh;min-height:100dvh;margin:0;background:#0b1f3a;padding:20px 16px;box-sizing:border-box;font-family:Inter,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.vs-card{max-width:428px;margin:44px auto 0;background:#fff;border-radius:20px;padding:24px;box-shadow:0 12px 32px rgba(0,0,0,.3);color:#0b1f3a}
.vs-type{margin:0 0 4px;font-size:12px;font-weight:700;letter-spacing:.08em;text-transform:uppercase;color:#5b6b82}
.vs-title{margin:0;font-size:24px;line-height:1.25;font-weight:800}
.vs-partner{margin:4px 0 0;color:#5b6b82}
.vs-discount{margin:16px 0 4px;font-size:36px;line-height:1.1;font-weight:800}
.vs-service{margin:0 0 16px;font-size:16px}
.vs-row{margin:4px 0;font-size:14px;color:#33445c}
.vs-where{margin:16px 0 4px;font-size:16px;font-weight:800}
</style>`;

/** The voucher's words as static HTML: what a phone shows before the app's code has loaded. */
export function voucherSnapshotHtml(voucher: PublicVoucher): string {
  const text = voucherText(voucher);
  const where = voucherWhere(voucher);
  const line = (cls: string, value: string | null) =>
    value ? `<p class="${cls}">${escapeHtml(value)}</p>` : '';
  // Where to use it (issue 24): the heading, then each partner's address (named when several).
  const places = where?.places ?? [];
  const placeLines = places
    .slice(0, 3)
    .map((p) =>
      line('vs-row', places.length > 1 ? [p.name, p.address].filter(Boolean).join(': ') : p.address),
    );
  return (
    `<main class="vs" data-voucher-snapshot><div class="vs-card">` +
    line('vs-type', text.partnerTypeText) +
    `<h1 class="vs-title">${escapeHtml(text.title)}</h1>` +
    line('vs-partner', text.partnerName) +
    line('vs-discount', text.discountText) +
    line('vs-service', text.serviceText) +
    line('vs-row', `Valid until: ${text.validUntilText}`) +
    line('vs-row', `Usage: ${text.usageText}`) +
    line('vs-where', where?.heading ?? null) +
    placeLines.join('') +
    `</div></main>`
  );
}

/** The id of the JSON data block the voucher page reads (frontend/src/lib/vouchers-api/public-voucher.ts). */
export const VOUCHER_DATA_ID = 'avpass-voucher';

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
 * index.html with the snapshot inside the root element (React replaces it when it mounts) and the
 * voucher's data in the head (the app starts with it).
 */
export function indexWithVoucher(indexHtml: string, voucher: PublicVoucher): string | null {
  const root = '<div id="root"></div>';
  if (!indexHtml.includes(root)) return null;
  const text = voucherText(voucher);
  // Replacer functions: the voucher's words are inserted as they are (a `$&` in a title stays text).
  return indexHtml
    .replace('</head>', () => `${STYLE}${voucherDataHtml(voucher)}</head>`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>Voucher — ${escapeHtml(text.title)}</title>`)
    .replace(root, () => `<div id="root">${voucherSnapshotHtml(voucher)}</div>`);
}
