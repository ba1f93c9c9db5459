import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { TRAINER_IMAGE_MAX_BYTES, useUploadTrainerImage } from '@/lib/trainers-api';

/** The trainer's photo: at most 5 MB, images only (spec sections 5 and 9); the server checks the content too. */
export function TrainerPhoto({
  url,
  onChange,
}: {
  url: string | null;
  onChange: (url: string | null) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTrainerImage();
  const { toast } = useToast();
  const t = useT();
  const failed = (description: string) =>
    toast({ title: t('credits.photo.failed'), description, kind: 'destructive' });

  const pick = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      failed(t('credits.photo.onlyImages'));
      return;
    }
    if (file.size > TRAINER_IMAGE_MAX_BYTES) {
      failed(t('credits.photo.tooLarge'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (stored) => {
        onChange(stored);
        toast({ title: t('credits.photo.uploaded') });
      },
      onError: (error) => failed(apiErrorText(error, t('credits.trainerQr.photoFailed'))),
    });
  };

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      <Avatar
        src={url ?? undefined}
        alt={t('credits.trainerQr.photo')}
        sx={{ width: 64, height: 64 }}
        data-testid="trainer-photo"
      >
        <AddAPhotoOutlinedIcon />
      </Avatar>
      <Box>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          aria-label={t('credits.trainerQr.photo')}
          data-testid="trainer-photo-input"
          onChange={(event) => {
            pick(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
        <Button
          variant="outlined"
          size="small"
          onClick={() => input.current?.click()}
          disabled={upload.isPending}
          startIcon={upload.isPending ? <CircularProgress size={14} /> : undefined}
        >
          {url ? t('credits.photo.change') : t('credits.trainerQr.uploadPhoto')}
        </Button>
        {url && (
          <Button size="small" onClick={() => onChange(null)} sx={{ ml: 1 }}>
            {t('credits.photo.remove')}
          </Button>
        )}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          {t('credits.trainerQr.photoHelp')}
        </Typography>
      </Box>
    </Box>
  );
}
