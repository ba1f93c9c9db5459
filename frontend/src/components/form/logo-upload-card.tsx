import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, type ChangeEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { LOGO_MAX_BYTES, useUploadLogo } from '@/lib/vouchers-api';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { logoFileProblemKind, megabytesOf } from '@/lib/logo-file';

/**
 * Logo upload (spec section 4: idle, uploading, logo URL set; removing the preview clears it). The
 * uploaded logo is printed on the voucher card and shown on the voucher page.
 */
export function LogoUpload({
  logoUrl,
  onChange,
  disabled = false,
}: {
  logoUrl: string | null;
  onChange: (logoUrl: string | null) => void;
  disabled?: boolean;
}) {
  const t = useT();
  const upload = useUploadLogo();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = logoFileProblemKind(file, LOGO_MAX_BYTES);
    if (problem === 'type') {
      toast({
        title: t('staff.logo.badType'),
        description: t('staff.logo.badTypeText'),
        kind: 'destructive',
      });
      return;
    }
    if (problem === 'size') {
      toast({
        title: t('staff.logo.tooLarge'),
        description: t('staff.logo.tooLargeText', { megabytes: megabytesOf(LOGO_MAX_BYTES) }),
        kind: 'destructive',
      });
      return;
    }
    upload.mutate(file, {
      onSuccess: (url) => {
        onChange(url);
        toast({ title: t('staff.logo.uploaded'), description: t('staff.logo.uploadedText') });
      },
      onError: (error) =>
        toast({
          title: t('staff.logo.failed'),
          description: apiErrorText(error, t('staff.logo.failedText')),
          kind: 'destructive',
        }),
    });
  };

  return (
    <Box>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,.png,.jpg,.jpeg"
        hidden
        onChange={handleFile}
        data-testid="logo-input"
        aria-label={t('staff.logo.file')}
      />
      {logoUrl ? (
        <Box
          sx={(theme) => ({
            display: 'flex',
            alignItems: 'center',
            gap: 2,
            p: 2,
            borderRadius: 3,
            border: `1px solid ${theme.palette.divider}`,
            bgcolor: theme.palette.navy[50],
          })}
        >
          <Box
            component="img"
            src={logoUrl}
            alt={t('staff.logo.preview')}
            data-testid="logo-preview"
            sx={{ width: 72, height: 72, objectFit: 'contain', borderRadius: 2, bgcolor: 'background.paper' }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{t('staff.logo.ready')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('staff.logo.readyText')}
            </Typography>
          </Box>
          <Button
            color="error"
            startIcon={<DeleteOutlineRoundedIcon />}
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            {t('staff.logo.remove')}
          </Button>
        </Box>
      ) : (
        <Box
          sx={(theme) => ({
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            textAlign: 'center',
            gap: 1,
            p: 3,
            borderRadius: 3,
            border: `2px dashed ${theme.palette.divider}`,
          })}
        >
          <CloudUploadOutlinedIcon color="action" fontSize="large" aria-hidden />
          <Button
            variant="outlined"
            onClick={() => input.current?.click()}
            disabled={disabled || upload.isPending}
            startIcon={upload.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            aria-describedby={hintId}
          >
            {upload.isPending ? t('staff.logo.uploading') : t('staff.logo.upload')}
          </Button>
          <Typography id={hintId} variant="body2" color="text.secondary">
            {t('staff.logo.hint', { megabytes: megabytesOf(LOGO_MAX_BYTES) })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}
