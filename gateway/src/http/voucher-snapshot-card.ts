import {
  redeemedTextIn,
  refusalIn,
  unavailableTitleIn,
  voucherShortCode,
  voucherTextIn,
  voucherWhereIn,
  type PublicVoucher,
  type VoucherPlace,
  type Words,
} from '@avpass/contracts';
import { VOUCHER_ICONS } from '@avpass/contracts/voucher-page-look';
import { qrSvg } from './voucher-qr-svg';

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

const icon = (name: keyof typeof VOUCHER_ICONS) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${VOUCHER_ICONS[name]}" fill="currentColor"/></svg>`;

/** More partners than this are folded behind "Show all" on the script's page (voucher-places.tsx). */
const FOLDED_AFTER = 3;

const BRAND = `<div class="vs-brand"><span class="vs-mark" aria-hidden="true">AV</span><span>AV Pass</span></div>`;

/** The page around a card: the navy page, the brand row and the column the React page lays out. */
function page(card: string, below: string): string {
  return `<main class="vs" id="main-content" data-voucher-snapshot><div class="vs-col">${BRAND}${card}${below}</div></main>`;
}

function detail(label: string, testId: string, value: string, wide = false): string {
  return `<div data-testid="${testId}"${wide ? ' class="vs-wide"' : ''}><dt>${label}</dt><dd>${value}</dd></div>`;
}

/** A partner's lines, with the same links and labels as voucher-places.tsx. */
function place(p: VoucherPlace, named: boolean, { t }: Words): string {
  const name = escapeHtml(p.name);
  const link = (href: string, label: string, testId: string, text: string, external: boolean) =>
    `<a href="${escapeHtml(href)}" aria-label="${escapeHtml(label)}" data-testid="${testId}"` +
    `${external ? ' target="_blank" rel="noopener noreferrer"' : ''}>` +
    `${icon(testId === 'voucher-place-map' ? 'map' : testId === 'voucher-place-phone' ? 'phone' : 'website')}` +
    `<span>${escapeHtml(text)}</span></a>`;
  return (
    `<li data-testid="voucher-place">` +
    (named ? `<h3>${name}</h3>` : '') +
    (p.address && p.mapUrl
      ? link(
          p.mapUrl,
          t('voucher.place.map', { address: p.address, name: p.name }),
          'voucher-place-map',
          p.address,
          true,
        )
      : '') +
    (p.phone
      ? p.phoneUrl
        ? link(
            p.phoneUrl,
            t('voucher.place.call', { name: p.name, phone: p.phone }),
            'voucher-place-phone',
            p.phone,
            false,
          )
        : `<p>${escapeHtml(p.phone)}</p>`
      : '') +
    (p.websiteUrl
      ? link(
          p.websiteUrl,
          t('voucher.place.website', { name: p.name, label: p.websiteLabel ?? p.websiteUrl }),
          'voucher-place-website',
          p.websiteLabel ?? '',
          true,
        )
      : '') +
    `</li>`
  );
}

function where(voucher: PublicVoucher, words: Words): string {
  const w = voucherWhereIn(voucher, words);
  if (!w) return '';
  // Folded as the script folds them: its "Show all" button needs the script.
  const shown = w.places.length > FOLDED_AFTER + 1 ? w.places.slice(0, FOLDED_AFTER) : w.places;
  return (
    `<section class="vs-where" aria-labelledby="voucher-where" data-testid="voucher-where">` +
    `<h2 id="voucher-where" data-testid="voucher-where-heading">${escapeHtml(w.heading)}</h2>` +
    (w.clubWide
      ? `<p>${escapeHtml(words.t('voucher.where.clubWideText'))}</p>`
      : `<ul>${shown.map((p) => place(p, w.places.length > 1, words)).join('')}</ul>`) +
    `</section>`
  );
}

function textSection(title: string, testId: string, body: string): string {
  const heading = escapeHtml(title);
  return `<section class="vs-text" data-testid="${testId}" aria-label="${heading}"><h2>${heading}</h2><p>${escapeHtml(body)}</p></section>`;
}

function tillCode(voucher: PublicVoucher, staffOnly: boolean, { t }: Words): string {
  const heading = staffOnly
    ? `<h2 id="staff-only-title" data-testid="staff-only-notice">${escapeHtml(t('voucher.till.staffOnly'))}</h2>`
    : `<h2 id="till-code-title">${escapeHtml(t('voucher.till.heading'))}</h2>`;
  return (
    `<section class="vs-till${staffOnly ? ' vs-staff' : ''}" aria-labelledby="${staffOnly ? 'staff-only-title' : 'till-code-title'}" ` +
    `data-testid="${staffOnly ? 'staff-only-qr' : 'voucher-till-code'}">${heading}` +
    `<div class="vs-qr" data-qr-for="${escapeHtml(voucher.qrUrl)}">${qrSvg(voucher.qrUrl)}</div>` +
    `<p class="vs-code" data-testid="voucher-short-code">${voucherShortCode(voucher.id)}</p>` +
    `<p class="vs-help">${escapeHtml(t('voucher.till.help'))}</p></section>`
  );
}

/**
 * Where Redeem stands on the script's page: the latest use and, when Redeem is not offered, the notice
 * that says why (redeem-panel.tsx, the same words); an empty slot of the button's height when it is,
 * shown only when scripts run (the button needs them).
 */
function action(voucher: PublicVoucher, timeZone: string, words: Words): string {
  const status = voucher.status;
  const last = redeemedTextIn(voucher.lastRedemption, words, timeZone);
  if (status === 'active') {
    const proof = last
      ? `<div class="vs-alert vs-alert-success" role="status" data-testid="voucher-last-redemption">${icon('check')}<div><strong data-testid="voucher-redeemed-at">${escapeHtml(last)}</strong></div></div>`
      : '';
    return `${proof}<div class="vs-slot" aria-hidden="true"></div>`;
  }
  const upcoming = status === 'upcoming';
  const refusal = refusalIn(voucher, words) ?? '';
  const title = unavailableTitleIn(voucher, words);
  const tone = status === 'used_up' || upcoming ? ' vs-alert-info' : '';
  const usedUp =
    status === 'used_up' && last
      ? `<strong data-testid="voucher-last-redemption">${escapeHtml(`${last}.`)}</strong>`
      : '';
  return (
    `<div class="vs-alert${tone}" role="alert" data-testid="redeem-unavailable">${icon('block')}<div>` +
    `<div class="vs-alert-title">${escapeHtml(title)}</div>${usedUp}${escapeHtml(refusal)}</div></div>`
  );
}

/**
 * The voucher page's card as static HTML: everything a member needs at the counter (title, discount,
 * status, where to use it, the code for the till and its QR), readable with scripts off. The same
 * fields, words and test ids as the React page (but voucher-card, which says the app has rendered:
 * bench:web's "ready"); e2e/voucher-first-html.e2e.ts compares the two.
 */
export function voucherSnapshotHtml(voucher: PublicVoucher, timeZone: string, words: Words): string {
  const { t } = words;
  const text = voucherTextIn(voucher, words);
  const status = voucher.status;
  const staffOnly = voucher.redemptionMode === 'staff';
  const tillQr = staffOnly && status === 'active';
  const logo = voucher.logoUrl
    ? `<div class="vs-logo"><img src="${escapeHtml(voucher.logoUrl)}" alt="${escapeHtml(t('voucher.logoAlt', { title: text.title }))}"></div>`
    : `<div class="vs-logo vs-initials" role="img" aria-label="${escapeHtml(t('voucher.initialsLabel', { title: text.title }))}" data-testid="voucher-initials">${escapeHtml(text.initials)}</div>`;
  const badge = `<span class="vs-badge vs-badge-${status}" data-testid="status-chip">${escapeHtml(t(`voucher.status.${status}`))}</span>`;
  const card =
    `<article class="vs-card" aria-labelledby="voucher-title">` +
    `<div class="vs-head">${logo}` +
    `<h1 id="voucher-title" class="vs-title" data-testid="voucher-title">${escapeHtml(text.title)}</h1>` +
    `<p class="vs-type" data-testid="voucher-partner-type">${escapeHtml(text.partnerTypeText)}</p>` +
    `<div class="vs-discount" data-testid="voucher-discount">${escapeHtml(text.discountText)}</div></div>` +
    `<div class="vs-perf" aria-hidden="true"><div></div></div>` +
    `<div class="vs-body"><dl class="vs-dl">` +
    detail(t('voucher.label.service'), 'voucher-service', escapeHtml(text.serviceText), true) +
    detail(t('voucher.label.validUntil'), 'voucher-valid-until', escapeHtml(text.validUntilText)) +
    detail(
      t('voucher.label.usage'),
      'voucher-usage',
      `<span class="vs-usage"><span>${escapeHtml(text.usageText)}</span>${badge}</span>`,
    ) +
    `</dl>${where(voucher, words)}` +
    (text.instructions
      ? `<div class="vs-instructions">${textSection(t('voucher.label.instructions'), 'voucher-instructions', text.instructions)}</div>`
      : '') +
    (text.terms ? textSection(t('voucher.label.terms'), 'voucher-terms', text.terms) : '') +
    (tillQr ? tillCode(voucher, true, words) : action(voucher, timeZone, words)) +
    (!tillQr && status !== 'used_up' ? tillCode(voucher, false, words) : '') +
    `</div></article>`;
  return page(card, `<div class="vs-below" aria-hidden="true"></div>`);
}

/** What the script's page says for an unknown or malformed id (voucher-states.tsx). */
export function voucherNotFoundHtml({ t }: Words): string {
  return page(
    `<section class="vs-missing" data-testid="voucher-not-found" role="alert">` +
      `<div class="vs-disc" aria-hidden="true">${icon('notFound')}</div>` +
      `<p class="vs-missing-title">${escapeHtml(t('voucher.notFound.title'))}</p>` +
      `<p>${escapeHtml(t('voucher.notFound.description'))}</p>` +
      `<a href="/">${escapeHtml(t('voucher.notFound.action'))}</a></section>`,
    '',
  );
}
