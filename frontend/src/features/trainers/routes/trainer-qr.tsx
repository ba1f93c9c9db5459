import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import BookmarkAddOutlinedIcon from '@mui/icons-material/BookmarkAddOutlined';
import RestoreRoundedIcon from '@mui/icons-material/RestoreRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { TrainerBatchResult } from '../components/trainer-batch-result';
import { TrainerPreviewCard } from '../components/trainer-preview-card';
import { TrainerQrFormCard } from '../components/trainer-qr-form';
import { useTrainerQrForm } from '../lib/use-trainer-qr-form';

/** Trainer/Athlete QR (/trainer-qr, super_admin): personal discount codes, one or a batch. */
export function TrainerQrRoute() {
  const t = useT();
  const form = useTrainerQrForm();
  const { saved, save, onApplyConfig, onSaveConfig, batchCodes, generated, preview } = form;

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: { xs: 3, md: 4 }, justifyContent: 'space-between', alignItems: { md: 'flex-end' } }}
      >
        <Box>
          <Button
            component={RouterLink}
            to={`${paths.dashboard.path}?tab=trainer`}
            startIcon={<ArrowBackRoundedIcon />}
            sx={{ mb: 1, ml: -1 }}
          >
            {t('credits.trainerQr.back')}
          </Button>
          <Typography variant="h3" component="h1">
            {t('credits.trainerQr.title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('credits.trainerQr.intro')}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            startIcon={<RestoreRoundedIcon />}
            onClick={onApplyConfig}
            disabled={!saved.data?.config}
            data-testid="apply-config"
          >
            {t('credits.trainerQr.apply')}
          </Button>
          <Button
            variant="outlined"
            startIcon={save.isPending ? <CircularProgress size={16} /> : <BookmarkAddOutlinedIcon />}
            onClick={onSaveConfig}
            disabled={save.isPending}
            data-testid="save-config"
          >
            {t('credits.trainerQr.save')}
          </Button>
        </Stack>
      </Stack>

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' },
          alignItems: 'start',
        }}
      >
        <TrainerQrFormCard form={form} />
        {batchCodes ? (
          <TrainerBatchResult codes={batchCodes} />
        ) : (
          <Box ref={preview} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
            <TrainerPreviewCard code={generated} />
          </Box>
        )}
      </Box>
    </Container>
  );
}
