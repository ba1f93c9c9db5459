import type { Member } from '@avpass/contracts';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useT } from '@/i18n/i18n';

/** A chip whose words wrap in a narrow card rather than being cut (a longer language). */
const WRAPPING = {
  height: 'auto',
  maxWidth: '100%',
  '& .MuiChip-label': { whiteSpace: 'normal', overflowWrap: 'anywhere', py: 0.25 },
} as const;

/** A member's consent per channel as two chips: given (filled) or not (outlined), each saying which. */
export function ConsentChips({ consent }: { consent: Member['consent'] }) {
  const t = useT();
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(['email', 'sms'] as const).map((channel) => (
        <Chip
          key={channel}
          size="small"
          variant={consent[channel].given ? 'filled' : 'outlined'}
          color={consent[channel].given ? 'success' : 'default'}
          label={t('members.consent.chip', {
            channel: t(`members.channel.${channel}`),
            given: consent[channel].given ? 'yes' : 'no',
          })}
          data-testid={`consent-${channel}`}
          sx={WRAPPING}
        />
      ))}
    </Stack>
  );
}

/** A member's tags as small chips ("—" for none). */
export function TagChips({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return <>—</>;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {tags.map((tag) => (
        <Chip key={tag} size="small" variant="outlined" label={tag} />
      ))}
    </Stack>
  );
}
