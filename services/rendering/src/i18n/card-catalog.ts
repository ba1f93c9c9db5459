import { defineCatalog } from '@avpass/platform';

/**
 * The printed card's own words (issue 42, decision 359); the rest of its fixed words (labels, partner
 * types, discounts, roles) are the voucher page's catalog (libs/contracts/src/i18n/voucher.*.json), so a
 * card and the page it opens say the same. `catalog.spec.ts` fails on a key missing or unused.
 */
export const CARD_CATALOG = defineCatalog(
  {
    'card.scan': 'Scan or type the link to open this voucher',
  },
  {
    'card.scan': 'Escanee o escriba el enlace para abrir este cupón',
  },
);
