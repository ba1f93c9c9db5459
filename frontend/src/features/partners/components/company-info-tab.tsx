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
import { errorMessageOf } from '@/lib/api-client';
import { useUploadVendorPhoto } from '../api/upload-vendor-photo';
import { PHOTO_ACCEPT, vendorPhotoProblem } from '../lib/photo-file';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography component="div" sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
        {children || (
          <Typography component="span" color="text.disabled">
            Not set
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

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = vendorPhotoProblem(file);
    if (problem) {
      toast({ ...problem, kind: 'destructive' });
      return;
    }
    upload.mutate(
      { file, vendorId: vendor.id, photoType: 'logo' },
      {
        onSuccess: () => toast({ title: 'Logo Uploaded', description: `${vendor.name} has a new logo.` }),
        onError: (error) =>
          toast({
            title: 'Upload Failed',
            description: errorMessageOf(error, 'Upload failed'),
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
            aria-label="Logo file"
          />
          <Button
            variant="outlined"
            startIcon={upload.isPending ? <CircularProgress size={16} /> : <CloudUploadOutlinedIcon />}
            disabled={upload.isPending}
            onClick={() => input.current?.click()}
          >
            {upload.isPending ? 'Uploading...' : vendor.logoUrl ? 'Change Logo' : 'Upload Logo'}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            PNG or JPG, smaller than 10MB. Shown on the landing page and on vouchers made with it.
          </Typography>
        </Box>
      </Stack>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Detail label="Name">{vendor.name}</Detail>
        <Detail label="Legal name">{vendor.legalName}</Detail>
        <Detail label="Email">{vendor.email}</Detail>
        <Detail label="Phone">{vendor.phone}</Detail>
        <Detail label="Website">{vendor.website}</Detail>
        <Detail label="Address">{vendor.address}</Detail>
        <Detail label="Status">
          <Chip
            size="small"
            color={vendor.isActive ? 'success' : 'default'}
            label={vendor.isActive ? 'Active' : 'Inactive'}
          />
        </Detail>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Detail label="Categories">
            {vendor.categories.length ? (
              <Stack direction="row" spacing={0.75} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
                {vendor.categories.map((c) => (
                  <Chip key={c} size="small" label={c} />
                ))}
              </Stack>
            ) : null}
          </Detail>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Detail label="Description">{vendor.description}</Detail>
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Detail label="Contact Info">{vendor.contactInfo}</Detail>
        </Box>
      </Box>
    </Stack>
  );
}
