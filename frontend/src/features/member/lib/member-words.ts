import { INTL_LOCALES } from '@avpass/domain';

/**
 * Dates as the member reads them (their language, the device's zone). The words themselves are the
 * `member` catalog (frontend/src/locales/member.<language>.json, issue 42).
 */
const intlName = (language: string) => (language === 'es' ? INTL_LOCALES.es : INTL_LOCALES.en);

export function memberDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(intlName(language), { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(iso),
  );
}

export function memberDate(isoDate: string, language: string): string {
  return new Intl.DateTimeFormat(intlName(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
  );
}

export function memberMoney(cents: number, language: string): string {
  return new Intl.NumberFormat(intlName(language), { style: 'currency', currency: 'USD' }).format(
    cents / 100,
  );
}
