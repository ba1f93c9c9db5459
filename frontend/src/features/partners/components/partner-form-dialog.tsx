import { createVendorRequestSchema, PARTNER_CATEGORIES, type Vendor } from '@avpass/contracts';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { useUploadVendorPhoto } from '../api/upload-vendor-photo';
import { useCreateVendor } from '../api/create-vendor';
import { useUpdateVendor } from '../api/update-vendor';
import { PHOTO_ACCEPT, vendorPhotoProblem } from '../lib/photo-file';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';

type FormValues = {
  name: string;
  legalName: string;
  email: string;
  phone: string;
  website: string;
  address: string;
  categories: string[];
  description: string;
  contactInfo: string;
};

const valuesOf = (vendor: Vendor | null): FormValues => ({
  name: vendor?.name ?? '',
  legalName: vendor?.legalName ?? '',
  email: vendor?.email ?? '',
  phone: vendor?.phone ?? '',
  website: vendor?.website ?? '',
  address: vendor?.address ?? '',
  categories: vendor?.categories ?? [],
  description: vendor?.description ?? '',
  contactInfo: vendor?.contactInfo ?? '',
});

/**
 * Create Partner and Edit Partner (spec section 5: name required, e-mail valid or empty, website a
 * valid URL or empty). A new partner may take a logo, uploaded once the partner exists (so a
 * cancelled dialog leaves no file behind).
 */
export function PartnerFormDialog({
  open,
  vendor,
  onClose,
}: {
  open: boolean;
  /** null: Create Partner. */
  vendor: Vendor | null;
  onClose: () => void;
}) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} labelledBy="partner-form-title" maxWidth="md">
      {open && <PartnerForm key={vendor?.id ?? 'new'} vendor={vendor} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function PartnerForm({ vendor, onClose }: { vendor: Vendor | null; onClose: () => void }) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(vendor));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logo, setLogo] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const upload = useUploadVendorPhoto();
  const { toast } = useToast();
  const pending = create.isPending || update.isPending || upload.isPending;
  const editing = vendor !== null;

  const set = (field: Exclude<keyof FormValues, 'categories'>) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const chooseLogo = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = vendorPhotoProblem(file);
    if (problem) {
      toast({ ...problem, kind: 'destructive' });
      return;
    }
    setLogo(file);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = createVendorRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error));
      focusFirstError(event.currentTarget);
      return;
    }
    try {
      if (editing) {
        await update.mutateAsync({ id: vendor.id, changes: values });
        toast({ title: 'Partner Updated', description: `${parsed.data.name} was updated.` });
      } else {
        const created = await create.mutateAsync(values);
        if (logo) {
          try {
            await upload.mutateAsync({ file: logo, vendorId: created.id, photoType: 'logo' });
          } catch (error) {
            toast({
              title: 'Upload Failed',
              description: errorMessageOf(error, 'Upload failed'),
              kind: 'destructive',
            });
          }
        }
        toast({ title: 'Partner Created', description: `${created.name} was added to the network.` });
      }
      onClose();
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      toast({
        title: 'Error',
        description: errorMessageOf(error, editing ? 'Failed to update partner' : 'Failed to create partner'),
        kind: 'destructive',
      });
    }
  };

  const field = (name: Exclude<keyof FormValues, 'categories'>, label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] || ' '}
      fullWidth
      {...extra}
    />
  );

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={editing ? 'Edit Partner' : 'Create Partner'}
    >
      <DialogTitle id="partner-form-title">{editing ? 'Edit Partner' : 'Create Partner'}</DialogTitle>
      <DialogContent dividers>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('name', 'Partner Name', { required: true, autoFocus: true })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('legalName', 'Legal Name', {
              placeholder: 'As on contracts and payments, if not the name',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('email', 'Email', { type: 'email' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('phone', 'Phone', { type: 'tel' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('website', 'Website', { placeholder: 'https://' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('address', 'Address')}</Grid>
          <Grid size={12}>
            <Autocomplete
              multiple
              options={PARTNER_CATEGORIES as readonly string[]}
              value={values.categories}
              onChange={(_e, categories) => setValues((v) => ({ ...v, categories }))}
              disableCloseOnSelect
              renderValue={(selected, getItemProps) =>
                selected.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={option} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Categories"
                  error={Boolean(errors.categories)}
                  helperText={errors.categories || 'Choose one or more'}
                />
              )}
            />
          </Grid>
          <Grid size={12} sx={{ mt: 1.5 }}>
            {field('description', 'Description', { multiline: true, minRows: 2 })}
          </Grid>
          <Grid size={12}>{field('contactInfo', 'Contact Info', { multiline: true, minRows: 2 })}</Grid>
          {!editing && (
            <Grid size={12}>
              <input ref={fileInput} type="file" accept={PHOTO_ACCEPT} hidden onChange={chooseLogo} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  startIcon={<AddPhotoAlternateOutlinedIcon />}
                  onClick={() => fileInput.current?.click()}
                >
                  {logo ? 'Change logo' : 'Add logo'}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {logo ? logo.name : 'Optional. PNG or JPG, smaller than 10MB.'}
                </Typography>
              </Box>
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {editing ? 'Save Changes' : 'Create Partner'}
        </Button>
      </DialogActions>
    </Box>
  );
}
