import type { ConsentSource, Member } from '@avpass/contracts';
import { formatDateIn, formatDateTimeIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { viewerTimeZone } from '@/lib/time-zone';
import { ConsentChips, TagChips } from './consent-chips';

const HOW: Record<ConsentSource, MessageId> = {
  form: 'members.consent.how.form',
  import: 'members.consent.how.import',
  link: 'members.consent.how.link',
  'sms-stop': 'members.consent.how.smsStop',
};

/** "Nov 30, 2026 2:05 PM" in the viewer's zone, in the language spoken. */
export const dateTimeIn = (language: string, iso: string) =>
  formatDateTimeIn(language, iso, viewerTimeZone());

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
function useConsentLine() {
  const t = useT();
  const language = useLanguage();
  return (consent: Member['consent']['email']): string => {
    const state = consent.given ? 'given' : consent.at ? 'withdrawn' : 'notGiven';
    if (!consent.at) return t('members.consent.neverAsked', { state });
    const when = dateTimeIn(language, consent.at);
    return consent.source
      ? t('members.consent.atHow', { state, when, how: t(HOW[consent.source]) })
      : t('members.consent.at', { state, when });
  };
}

/** The member's fields and their consent per channel with when and how. */
export function MemberFacts({ member }: { member: Member }) {
  const t = useT();
  const language = useLanguage();
  const consentLine = useConsentLine();
  // A calendar day ('YYYY-MM-DD'), printed as is in every zone; shown only when the member has one.
  const birthDate = member.birthDate && formatDateIn(language, member.birthDate, viewerTimeZone());
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 3, mb: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('members.facts.details')}
        </Typography>
        <Facts
          rows={[
            [t('members.facts.email'), member.email ?? '—'],
            [t('members.facts.phone'), member.phone ?? '—'],
            ...(birthDate ? [[t('members.facts.birthDate'), birthDate] as const] : []),
            [t('members.facts.language'), t(`members.language.${member.language}`)],
            [t('members.facts.tags'), <TagChips key="t" tags={member.tags} />],
            [t('members.facts.added'), dateTimeIn(language, member.createdAt)],
            [t('members.facts.lastChanged'), dateTimeIn(language, member.updatedAt)],
          ]}
        />
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }} data-testid="member-consent">
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          {t('members.facts.consent')}
        </Typography>
        <Box sx={{ mb: 2 }}>
          <ConsentChips consent={member.consent} />
        </Box>
        <Facts
          rows={[
            [t('members.channel.email'), consentLine(member.consent.email)],
            [t('members.channel.sms'), consentLine(member.consent.sms)],
          ]}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t('members.facts.consentNote')}
        </Typography>
      </Paper>
    </Box>
  );
}
