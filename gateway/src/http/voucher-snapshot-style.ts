// A module of its own, not in the contracts' barrel: the app's lazily loaded schemas would carry it.
import { VOUCHER_PAGE_CSS } from '@avpass/contracts/voucher-page-look';

/**
 * The voucher page's look for the first HTML (gateway/src/http/voucher-snapshot-card.ts): the same CSS
 * the script's page uses (libs/contracts/src/voucher-page-look.ts), marked so that page does not add it
 * twice. Styles only: the CSP allows inline styles; scripts stay 'self'. Without scripts, the places
 * kept for Redeem and Share are dropped.
 */
export const SNAPSHOT_STYLE = `<style data-voucher-page-style>${VOUCHER_PAGE_CSS}</style><noscript><style>.vs-slot,.vs-below{display:none}</style></noscript>`;
