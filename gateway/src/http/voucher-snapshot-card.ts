import {
  redeemedText,
  REDEEM_REFUSALS,
  STAFF_ONLY_MESSAGE,
  TILL_CODE_HEADING,
  TILL_CODE_HELP,
  UNAVAILABLE_TITLES,
  validFromMessage,
  validFromText,
  VOUCHER_NOT_FOUND,
  voucherShortCode,
  voucherText,
  voucherWhere,
  type PublicVoucher,
  type VoucherPlace,
} from '@avpass/contracts';
import { formatDate, VOUCHER_STATUS_LABELS } from '@avpass/domain';
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

/** Material's rounded icons the React page draws: a place's links (20 px) and the notices' (22 px). */
const ICONS = {
  map: 'M12 2c-4.2 0-8 3.22-8 8.2 0 3.18 2.45 6.92 7.34 11.23.38.33.95.33 1.33 0C17.55 17.12 20 13.38 20 10.2 20 5.22 16.2 2 12 2m0 10c-1.1 0-2-.9-2-2s.9-2 2-2 2 .9 2 2-.9 2-2 2',
  phone:
    'm19.23 15.26-2.54-.29c-.61-.07-1.21.14-1.64.57l-1.84 1.84c-2.83-1.44-5.15-3.75-6.59-6.59l1.85-1.85c.43-.43.64-1.03.57-1.64l-.29-2.52c-.12-1.01-.97-1.77-1.99-1.77H5.03c-1.13 0-2.07.94-2 2.07.53 8.54 7.36 15.36 15.89 15.89 1.13.07 2.07-.87 2.07-2v-1.73c.01-1.01-.75-1.86-1.76-1.98',
  block:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M4 12c0-4.42 3.58-8 8-8 1.85 0 3.55.63 4.9 1.69L5.69 16.9C4.63 15.55 4 13.85 4 12m8 8c-1.85 0-3.55-.63-4.9-1.69L18.31 7.1C19.37 8.45 20 10.15 20 12c0 4.42-3.58 8-8 8',
  check:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2M9.29 16.29 5.7 12.7a.996.996 0 0 1 0-1.41c.39-.39 1.02-.39 1.41 0L10 14.17l6.88-6.88c.39-.39 1.02-.39 1.41 0s.39 1.02 0 1.41l-7.59 7.59c-.38.39-1.02.39-1.41 0',
  notFound:
    'M15.5 14h-.79l-.28-.27c1.2-1.4 1.82-3.31 1.48-5.34-.47-2.78-2.79-4.99-5.58-5.34C6.54 2.58 3.3 5.38 3.03 9h2.02c.24-2.12 1.92-3.8 4.06-3.98C11.65 4.8 14 6.95 14 9.5c0 2.49-2.01 4.5-4.5 4.5-.17 0-.33-.03-.5-.05v2.02l.01.01c1.8.13 3.47-.47 4.72-1.55l.27.28v.79l4.25 4.25c.41.41 1.08.41 1.49 0s.41-1.08 0-1.49z',
  website:
    'M11.99 2C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2m6.93 6h-2.95c-.32-1.25-.78-2.45-1.38-3.56 1.84.63 3.37 1.91 4.33 3.56M12 4.04c.83 1.2 1.48 2.53 1.91 3.96h-3.82c.43-1.43 1.08-2.76 1.91-3.96M4.26 14C4.1 13.36 4 12.69 4 12s.1-1.36.26-2h3.38c-.08.66-.14 1.32-.14 2s.06 1.34.14 2zm.82 2h2.95c.32 1.25.78 2.45 1.38 3.56-1.84-.63-3.37-1.9-4.33-3.56m2.95-8H5.08c.96-1.66 2.49-2.93 4.33-3.56C8.81 5.55 8.35 6.75 8.03 8M12 19.96c-.83-1.2-1.48-2.53-1.91-3.96h3.82c-.43 1.43-1.08 2.76-1.91 3.96M14.34 14H9.66c-.09-.66-.16-1.32-.16-2s.07-1.35.16-2h4.68c.09.65.16 1.32.16 2s-.07 1.34-.16 2m.25 5.56c.6-1.11 1.06-2.31 1.38-3.56h2.95c-.96 1.65-2.49 2.93-4.33 3.56M16.36 14c.08-.66.14-1.32.14-2s-.06-1.34-.14-2h3.38c.16.64.26 1.31.26 2s-.1 1.36-.26 2z',
} as const;

const icon = (name: keyof typeof ICONS) =>
  `<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="${ICONS[name]}" fill="currentColor"/></svg>`;

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
function place(p: VoucherPlace, named: boolean): string {
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
      ? link(p.mapUrl, `Map: ${p.address} (${p.name})`, 'voucher-place-map', p.address, true)
      : '') +
    (p.phone
      ? p.phoneUrl
        ? link(p.phoneUrl, `Call ${p.name}: ${p.phone}`, 'voucher-place-phone', p.phone, false)
        : `<p>${escapeHtml(p.phone)}</p>`
      : '') +
    (p.websiteUrl
      ? link(
          p.websiteUrl,
          `Website of ${p.name}: ${p.websiteLabel ?? p.websiteUrl}`,
          'voucher-place-website',
          p.websiteLabel ?? '',
          true,
        )
      : '') +
    `</li>`
  );
}

function where(voucher: PublicVoucher): string {
  const w = voucherWhere(voucher);
  if (!w) return '';
  // Folded as the script folds them: its "Show all" button needs the script.
  const shown = w.places.length > FOLDED_AFTER + 1 ? w.places.slice(0, FOLDED_AFTER) : w.places;
  return (
    `<section class="vs-where" aria-labelledby="voucher-where" data-testid="voucher-where">` +
    `<h2 id="voucher-where" data-testid="voucher-where-heading">${escapeHtml(w.heading)}</h2>` +
    (w.clubWide
      ? `<p>Show this voucher at any partner shop of the AV Pass network.</p>`
      : `<ul>${shown.map((p) => place(p, w.places.length > 1)).join('')}</ul>`) +
    `</section>`
  );
}

function textSection(title: string, testId: string, body: string): string {
  return `<section class="vs-text" data-testid="${testId}" aria-label="${title}"><h2>${title}</h2><p>${escapeHtml(body)}</p></section>`;
}

function tillCode(voucher: PublicVoucher, staffOnly: boolean): string {
  const heading = staffOnly
    ? `<h2 id="staff-only-title" data-testid="staff-only-notice">${STAFF_ONLY_MESSAGE}</h2>`
    : `<h2 id="till-code-title">${TILL_CODE_HEADING}</h2>`;
  return (
    `<section class="vs-till${staffOnly ? ' vs-staff' : ''}" aria-labelledby="${staffOnly ? 'staff-only-title' : 'till-code-title'}" ` +
    `data-testid="${staffOnly ? 'staff-only-qr' : 'voucher-till-code'}">${heading}` +
    `<div class="vs-qr" data-qr-for="${escapeHtml(voucher.qrUrl)}">${qrSvg(voucher.qrUrl)}</div>` +
    `<p class="vs-code" data-testid="voucher-short-code">${voucherShortCode(voucher.id)}</p>` +
    `<p class="vs-help">${TILL_CODE_HELP}</p></section>`
  );
}

/**
 * Where Redeem stands on the script's page: the latest use and, when Redeem is not offered, the notice
 * that says why (redeem-panel.tsx, the same words); an empty slot of the button's height when it is,
 * shown only when scripts run (the button needs them).
 */
function action(voucher: PublicVoucher, timeZone: string): string {
  const status = voucher.status;
  const last = redeemedText(voucher.lastRedemption, timeZone);
  if (status === 'active') {
    const proof = last
      ? `<div class="vs-alert vs-alert-success" role="status" data-testid="voucher-last-redemption">${icon('check')}<div><strong data-testid="voucher-redeemed-at">${escapeHtml(last)}</strong></div></div>`
      : '';
    return `${proof}<div class="vs-slot" aria-hidden="true"></div>`;
  }
  const upcoming = status === 'upcoming';
  const refusal =
    upcoming && voucher.startDate
      ? validFromMessage(formatDate(voucher.startDate, 'UTC'))
      : REDEEM_REFUSALS[status];
  const title = (upcoming ? validFromText(voucher.startDate) : null) ?? UNAVAILABLE_TITLES[status];
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
export function voucherSnapshotHtml(voucher: PublicVoucher, timeZone: string): string {
  const text = voucherText(voucher);
  const status = voucher.status;
  const staffOnly = voucher.redemptionMode === 'staff';
  const tillQr = staffOnly && status === 'active';
  const logo = voucher.logoUrl
    ? `<div class="vs-logo"><img src="${escapeHtml(voucher.logoUrl)}" alt="${escapeHtml(`${text.title} logo`)}"></div>`
    : `<div class="vs-logo vs-initials" role="img" aria-label="${escapeHtml(`${text.title} initials`)}" data-testid="voucher-initials">${escapeHtml(text.initials)}</div>`;
  const badge = `<span class="vs-badge vs-badge-${status}" data-testid="status-chip">${VOUCHER_STATUS_LABELS.voucherPage[status]}</span>`;
  const card =
    `<article class="vs-card" aria-labelledby="voucher-title">` +
    `<div class="vs-head">${logo}` +
    `<h1 id="voucher-title" class="vs-title" data-testid="voucher-title">${escapeHtml(text.title)}</h1>` +
    `<p class="vs-type" data-testid="voucher-partner-type">${escapeHtml(text.partnerTypeText)}</p>` +
    `<div class="vs-discount" data-testid="voucher-discount">${escapeHtml(text.discountText)}</div></div>` +
    `<div class="vs-perf" aria-hidden="true"><div></div></div>` +
    `<div class="vs-body"><dl class="vs-dl">` +
    detail('SERVICE', 'voucher-service', escapeHtml(text.serviceText), true) +
    detail('VALID UNTIL', 'voucher-valid-until', escapeHtml(text.validUntilText)) +
    detail(
      'USAGE',
      'voucher-usage',
      `<span class="vs-usage"><span>${escapeHtml(text.usageText)}</span>${badge}</span>`,
    ) +
    `</dl>${where(voucher)}` +
    (text.instructions
      ? `<div class="vs-instructions">${textSection('REDEMPTION INSTRUCTIONS', 'voucher-instructions', text.instructions)}</div>`
      : '') +
    (text.terms ? textSection('TERMS &amp; CONDITIONS', 'voucher-terms', text.terms) : '') +
    (tillQr ? tillCode(voucher, true) : action(voucher, timeZone)) +
    (!tillQr && status !== 'used_up' ? tillCode(voucher, false) : '') +
    `</div></article>`;
  return page(card, `<div class="vs-below" aria-hidden="true"></div>`);
}

/** What the script's page says for an unknown or malformed id (voucher-states.tsx). */
export function voucherNotFoundHtml(): string {
  return page(
    `<section class="vs-missing" data-testid="voucher-not-found" role="alert">` +
      `<div class="vs-disc" aria-hidden="true">${icon('notFound')}</div>` +
      `<p class="vs-missing-title">${VOUCHER_NOT_FOUND.title}</p><p>${VOUCHER_NOT_FOUND.description}</p>` +
      `<a href="/">${VOUCHER_NOT_FOUND.action}</a></section>`,
    '',
  );
}
