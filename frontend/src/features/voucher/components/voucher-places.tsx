import type { PublicVoucher } from '@avpass/contracts';
import { voucherWhere, type VoucherPlace } from '@avpass/contracts/voucher-where';
import LanguageRoundedIcon from '@mui/icons-material/LanguageRounded';
import PhoneRoundedIcon from '@mui/icons-material/PhoneRounded';
import PlaceRoundedIcon from '@mui/icons-material/PlaceRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';

/** More partners than this are folded behind "Show all": the card stays short on a phone. */
const FOLDED_AFTER = 3;

/** One contact line: an icon and a plain link, at least 44 px tall for a thumb (no MUI Link: page budget). */
function ContactLink({
  href,
  icon,
  children,
  label,
  testId,
  external,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
  label: string;
  testId: string;
  external?: boolean;
}) {
  return (
    <Box
      component="a"
      href={href}
      aria-label={label}
      data-testid={testId}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      sx={(theme) => ({
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        minHeight: 44,
        color: theme.palette.primary.main,
        textDecorationColor: theme.palette.secondary.main,
        fontWeight: 600,
        textDecoration: 'underline',
        textUnderlineOffset: '3px',
        overflowWrap: 'anywhere',
        '& svg': { flexShrink: 0, color: theme.palette.text.secondary },
        '&:focus-visible': { outline: `3px solid ${theme.brand.focusRing}`, outlineOffset: 2 },
      })}
    >
      {icon}
      <span>{children}</span>
    </Box>
  );
}

/** A partner's contact lines; its name too when several are listed (one is named by the heading). */
function Place({ place, named }: { place: VoucherPlace; named: boolean }) {
  return (
    <Box component="li" data-testid="voucher-place" sx={{ listStyle: 'none', minWidth: 0 }}>
      {named && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 0.25 }}>
          {place.logoUrl && (
            <Box
              component="img"
              src={place.logoUrl}
              alt=""
              loading="lazy"
              sx={{ width: 28, height: 28, objectFit: 'contain', borderRadius: 1, flexShrink: 0 }}
            />
          )}
          <Typography component="h3" sx={{ fontWeight: 800, fontSize: '1.05rem', overflowWrap: 'anywhere' }}>
            {place.name}
          </Typography>
        </Box>
      )}
      {place.address && place.mapUrl && (
        <ContactLink
          href={place.mapUrl}
          icon={<PlaceRoundedIcon fontSize="small" />}
          label={`Map: ${place.address} (${place.name})`}
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
            icon={<PhoneRoundedIcon fontSize="small" />}
            label={`Call ${place.name}: ${place.phone}`}
            testId="voucher-place-phone"
          >
            {place.phone}
          </ContactLink>
        ) : (
          <Typography variant="body2">{place.phone}</Typography>
        ))}
      {place.websiteUrl && (
        <ContactLink
          href={place.websiteUrl}
          icon={<LanguageRoundedIcon fontSize="small" />}
          label={`Website of ${place.name}: ${place.websiteLabel ?? place.websiteUrl}`}
          testId="voucher-place-website"
          external
        >
          {place.websiteLabel}
        </ContactLink>
      )}
    </Box>
  );
}

/**
 * Where the member can use the voucher (issue 24): "Use at {partner}" with a map, a call and a website
 * link; a short list when several partners honour it; the club-wide sentence when none is named.
 */
export function VoucherPlaces({ voucher }: { voucher: PublicVoucher }) {
  const [expanded, setExpanded] = useState(false);
  const where = voucherWhere(voucher);
  if (!where) return null;
  const folded = !expanded && where.places.length > FOLDED_AFTER + 1;
  const shown = folded ? where.places.slice(0, FOLDED_AFTER) : where.places;
  return (
    <Box
      component="section"
      aria-labelledby="voucher-where"
      data-testid="voucher-where"
      sx={(theme) => ({
        p: 2,
        borderRadius: 3,
        backgroundColor: theme.palette.background.default,
        border: `1px solid ${theme.palette.divider}`,
      })}
    >
      <Typography
        id="voucher-where"
        component="h2"
        data-testid="voucher-where-heading"
        sx={{ fontWeight: 800, fontSize: '1rem' }}
      >
        {where.heading}
      </Typography>
      {where.clubWide ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Show this voucher at any partner shop of the AV Pass network.
        </Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, mt: 1.25, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {shown.map((place) => (
            <Place key={place.id} place={place} named={where.places.length > 1} />
          ))}
        </Box>
      )}
      {folded && (
        <Button
          variant="text"
          fullWidth
          onClick={() => setExpanded(true)}
          sx={{ mt: 1, minHeight: 44 }}
          data-testid="voucher-places-more"
        >
          Show all {where.places.length} partners
        </Button>
      )}
    </Box>
  );
}
