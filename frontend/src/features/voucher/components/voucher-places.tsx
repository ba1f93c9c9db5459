import type { PublicVoucher } from '@avpass/contracts';
import { voucherWhereIn } from '@avpass/contracts/i18n/voucher-words';
import type { VoucherPlace } from '@avpass/contracts/voucher-where';
import { useState, type ReactNode } from 'react';
import { useT, useWords } from '@/i18n/i18n';
import { VoucherIcon } from './voucher-icon';

/** More partners than this are folded behind "Show all": the card stays short on a phone. */
const FOLDED_AFTER = 3;

/** One contact line: an icon and a plain link, at least 44 px tall for a thumb (`.vs-where a`). */
function ContactLink({
  href,
  icon,
  children,
  label,
  testId,
  external,
}: {
  href: string;
  icon: 'map' | 'phone' | 'website';
  children: ReactNode;
  label: string;
  testId: string;
  external?: boolean;
}) {
  return (
    <a
      href={href}
      aria-label={label}
      data-testid={testId}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      <VoucherIcon name={icon} />
      <span>{children}</span>
    </a>
  );
}

/** A partner's contact lines; its name too when several are listed (one is named by the heading). */
function Place({ place, named }: { place: VoucherPlace; named: boolean }) {
  const t = useT();
  return (
    <li data-testid="voucher-place">
      {named && (
        <div className="vs-place-name">
          {place.logoUrl && <img src={place.logoUrl} alt="" loading="lazy" />}
          <h3>{place.name}</h3>
        </div>
      )}
      {place.address && place.mapUrl && (
        <ContactLink
          href={place.mapUrl}
          icon="map"
          label={t('voucher.place.map', { address: place.address, name: place.name })}
          testId="voucher-place-map"
          external
        >
          {place.address}
        </ContactLink>
      )}
      {place.phone &&
        (place.phoneUrl ? (
          <ContactLink
            href={place.phoneUrl}
            icon="phone"
            label={t('voucher.place.call', { name: place.name, phone: place.phone })}
            testId="voucher-place-phone"
          >
            {place.phone}
          </ContactLink>
        ) : (
          <p>{place.phone}</p>
        ))}
      {place.websiteUrl && (
        <ContactLink
          href={place.websiteUrl}
          icon="website"
          label={t('voucher.place.website', {
            name: place.name,
            label: place.websiteLabel ?? place.websiteUrl,
          })}
          testId="voucher-place-website"
          external
        >
          {place.websiteLabel}
        </ContactLink>
      )}
    </li>
  );
}

/**
 * Where the member can use the voucher (issue 24): "Use at {partner}" with a map, a call and a website
 * link; a short list when several partners honour it; the club-wide sentence when none is named.
 */
export function VoucherPlaces({ voucher }: { voucher: PublicVoucher }) {
  const [expanded, setExpanded] = useState(false);
  const words = useWords();
  const where = voucherWhereIn(voucher, words);
  if (!where) return null;
  const folded = !expanded && where.places.length > FOLDED_AFTER + 1;
  const shown = folded ? where.places.slice(0, FOLDED_AFTER) : where.places;
  return (
    <section className="vs-where" aria-labelledby="voucher-where" data-testid="voucher-where">
      <h2 id="voucher-where" data-testid="voucher-where-heading">
        {where.heading}
      </h2>
      {where.clubWide ? (
        <p>{words.t('voucher.where.clubWideText')}</p>
      ) : (
        <ul>
          {shown.map((place) => (
            <Place key={place.id} place={place} named={where.places.length > 1} />
          ))}
        </ul>
      )}
      {folded && (
        <button
          type="button"
          className="vs-btn vs-btn-text"
          onClick={() => setExpanded(true)}
          data-testid="voucher-places-more"
        >
          {words.t('voucher.where.showAll', { count: where.places.length })}
        </button>
      )}
    </section>
  );
}
