import type { ConsentSource, Member } from '@avpass/contracts';
import { formatDateTime } from '@avpass/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { viewerTimeZone } from '@/lib/time-zone';
import { ConsentChips, TagChips } from './consent-chips';

const HOW: Record<ConsentSource, string> = {
  form: 'on the administrator’s form',
  import: 'by a CSV import',
  link: 'by the member’s link (unsubscribe)',
  'sms-stop': 'by an SMS STOP reply',
};
const LANGUAGE_WORDS = { en: 'English', es: 'Spanish' } as const;

/** "Nov 30, 2026 2:05 PM" in the viewer's zone. */
export const dateTime = (iso: string) => formatDateTime(iso, viewerTimeZone());

function Facts({ rows }: { rows: ReadonlyArray<readonly [string, ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' },
        rowGap: 1.25,
        columnGap: 2,
      }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** One channel's consent: given or not, when and how ("never asked" when it never was). */
function consentLine(consent: Member['consent']['email']): string {
  const state = consent.given ? 'Given' : consent.at ? 'Withdrawn' : 'Not given';
  if (!consent.at) return `${state} (never asked)`;
  return `${state} ${dateTime(consent.at)}${consent.source ? `, ${HOW[consent.source]}` : ''}`;
}

/** The member's fields and their consent per channel with when and how. */
export function MemberFacts({ member }: { member: Member }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, mb: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Details
        </Typography>
        <Facts
          rows={[
            ['E-mail', member.email ?? '—'],
            ['Phone', member.phone ?? '—'],
            ['Language', LANGUAGE_WORDS[member.language]],
            ['Tags', <TagChips key="t" tags={member.tags} />],
            ['Added', dateTime(member.createdAt)],
            ['Last changed', dateTime(member.updatedAt)],
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="member-consent">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Consent
        </Typography>
        <Box sx={{ mb: 2 }}>
          <ConsentChips consent={member.consent} />
        </Box>
        <Facts
          rows={[
            ['E-mail', consentLine(member.consent.email)],
            ['SMS', consentLine(member.consent.sms)],
          ]}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          No voucher is sent on a channel without consent. Every change is kept with its time and source in
          the member’s data export.
        </Typography>
      </Paper>
    </Box>
  );
}
