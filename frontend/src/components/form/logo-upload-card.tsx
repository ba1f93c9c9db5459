import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useId, useRef, type ChangeEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { LOGO_MAX_BYTES, useUploadLogo } from '@/lib/vouchers-api';
import { errorMessageOf } from '@/lib/api-client';
import { logoFileProblem } from '@/lib/logo-file';

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
  const upload = useUploadLogo();
  const { toast } = useToast();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = logoFileProblem(file, LOGO_MAX_BYTES);
    if (problem) {
      toast({ ...problem, kind: 'destructive' });
      return;
    }
    upload.mutate(file, {
      onSuccess: (url) => {
        onChange(url);
        toast({ title: 'Logo Uploaded', description: 'Your logo has been uploaded successfully.' });
      },
      onError: (error) =>
        toast({
          title: 'Upload Failed',
          description: errorMessageOf(error, 'Failed to upload logo. Please try again.'),
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
        aria-label="Logo file"
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
            alt="Uploaded logo preview"
            data-testid="logo-preview"
            sx={{ width: 72, height: 72, objectFit: 'contain', borderRadius: 2, bgcolor: 'background.paper' }}
          />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>Logo ready</Typography>
            <Typography variant="body2" color="text.secondary">
              It will appear on the voucher card.
            </Typography>
          </Box>
          <Button
            color="error"
            startIcon={<DeleteOutlineRoundedIcon />}
            onClick={() => onChange(null)}
            disabled={disabled}
          >
            Remove
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
            {upload.isPending ? 'Uploading...' : 'Upload Logo'}
          </Button>
          <Typography id={hintId} variant="body2" color="text.secondary">
            PNG or JPG, up to 2 MB. Optional.
          </Typography>
        </Box>
      )}
    </Box>
  );
}
