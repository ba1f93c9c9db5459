import type { Vendor } from '@avpass/contracts';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent, type ReactNode } from 'react';
import { PartnerLogo } from '@/components/brand/partner-logo';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { categoryLabel } from '../lib/partner-words';
import { useUploadVendorPhoto } from '../api/upload-vendor-photo';
import { PHOTO_ACCEPT, vendorPhotoProblem } from '../lib/photo-file';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  const t = useT();
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children || (
          <Typography component="span" color="text.disabled">
            {t('partners.info.notSet')}
          </Typography>
        )}
      </Typography>
    </Box>
  );
}

/** The partner's fields and its logo (upload or change; the old file is deleted by the server). */
export function CompanyInfoTab({ vendor }: { vendor: Vendor }) {
  const upload = useUploadVendorPhoto();
  const input = useRef<HTMLInputElement>(null);
  const { toast } = useToast();
  const t = useT();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = vendorPhotoProblem(file, t);
    if (problem) {
      toast({ ...problem, kind: 'destructive' });
      return;
    }
    upload.mutate(
      { file, vendorId: vendor.id, photoType: 'logo' },
      {
        onSuccess: () =>
          toast({
            title: t('partners.info.logoUploaded'),
            description: t('partners.info.logoUploadedText', { name: vendor.name }),
          }),
        onError: (error) =>
          toast({
            title: t('partners.upload.failed'),
            description: apiErrorText(error, t('partners.upload.failedText')),
            kind: 'destructive',
          }),
      },
    );
  };

  return (
    <Stack spacing={3}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5} sx={{ alignItems: { sm: 'center' } }}>
        <PartnerLogo name={vendor.name} logoUrl={vendor.logoUrl} size={112} />
        <Box>
          <input
            ref={input}
            type="file"
            accept={PHOTO_ACCEPT}
            hidden
            onChange={choose}
            aria-label={t('partners.info.logoFile')}
          />
          <Button
            variant="outlined"
            startIcon={upload.isPending ? <CircularProgress size={16} /> : <CloudUploadOutlinedIcon />}
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {upload.isPending
              ? t('partners.upload.uploading')
              : vendor.logoUrl
                ? t('partners.info.changeLogo')
                : t('partners.info.uploadLogo')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('partners.info.logoHelp')}
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Detail label={t('partners.info.name')}>{vendor.name}</Detail>
        <Detail label={t('partners.info.legalName')}>{vendor.legalName}</Detail>
        <Detail label={t('partners.form.email')}>{vendor.email}</Detail>
        <Detail label={t('partners.form.phone')}>{vendor.phone}</Detail>
        <Detail label={t('partners.form.website')}>{vendor.website}</Detail>
        <Detail label={t('partners.form.address')}>{vendor.address}</Detail>
        <Detail label={t('partners.statusLabel')}>
          <Chip
            size="small"
            color={vendor.isActive ? 'success' : 'default'}
            label={vendor.isActive ? t('partners.status.active') : t('partners.status.inactive')}
          />
        </Detail>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Detail label={t('partners.form.categories')}>
            {vendor.categories.length ? (
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                {vendor.categories.map((c) => (
                  <Chip key={c} size="small" label={categoryLabel(c, t)} />
                ))}
              </Stack>
            ) : null}
          </Detail>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Detail label={t('partners.form.description')}>{vendor.description}</Detail>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Detail label={t('partners.form.contactInfo')}>{vendor.contactInfo}</Detail>
        </Box>
      </Box>
    </Stack>
  );
}
