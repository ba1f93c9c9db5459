import type { TillMatch } from '@avpass/contracts';
import { SEVERAL_MATCHES_MESSAGE } from '@avpass/contracts';
import ChevronRightRoundedIcon from '@mui/icons-material/ChevronRightRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { redemptionReference } from '@avpass/contracts';
import { useT } from '@/i18n/i18n';

/** Several codes start with the typed characters: the staff picks the one the member shows. */
export function MatchPicker({
  matches,
  onPick,
  onBack,
}: {
  matches: TillMatch[];
  onPick: (id: string) => void;
  onBack: () => void;
}) {
  const t = useT();
  return (
    <Card component="section" aria-labelledby="till-matches-title" data-testid="till-matches" sx={{ p: 2 }}>
      <Typography id="till-matches-title" variant="h6" component="h2">
        {t('till.matches.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {SEVERAL_MATCHES_MESSAGE}.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {matches.map((match) => (
          <li key={match.id}>
            <Button
              fullWidth
              variant="outlined"
              onClick={() => onPick(match.id)}
              endIcon={<ChevronRightRoundedIcon />}
              data-testid="till-match"
              sx={{
                minHeight: 64,
                justifyContent: 'space-between',
                textAlign: 'left',
                textTransform: 'none',
              }}
            >
              <Box component="span" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
                <Box component="span" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                  {match.title}
                </Box>
                <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.85rem' }}>
                  {[match.partnerName, redemptionReference(match.id)].filter(Boolean).join(' · ')}
                </Box>
              </Box>
            </Button>
          </li>
        ))}
      </Box>
      <Button onClick={onBack} sx={{ mt: 1.5, minHeight: 48 }} fullWidth>
        {t('till.matches.back')}
      </Button>
    </Card>
  );
}
