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
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { useUploadVendorPhoto } from '../api/upload-vendor-photo';
import { useCreateVendor } from '../api/create-vendor';
import { useUpdateVendor } from '../api/update-vendor';
import { categoryLabel, fieldErrorWords } from '../lib/partner-words';
import { PHOTO_ACCEPT, vendorPhotoProblem } from '../lib/photo-file';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';

/** The website field's hint: the same in every language. */
const WEBSITE_PLACEHOLDER = 'https://';

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
  const t = useT();
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
    const problem = vendorPhotoProblem(file, t);
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
      setErrors(fieldErrorWords(firstIssuePerField(parsed.error), t));
      focusFirstError(event.currentTarget);
      return;
    }
    try {
      if (editing) {
        await update.mutateAsync({ id: vendor.id, changes: values });
        toast({
          title: t('partners.updated'),
          description: t('partners.updatedText', { name: parsed.data.name }),
        });
      } else {
        const created = await create.mutateAsync(values);
        if (logo) {
          try {
            await upload.mutateAsync({ file: logo, vendorId: created.id, photoType: 'logo' });
          } catch (error) {
            toast({
              title: t('partners.upload.failed'),
              description: apiErrorText(error, t('partners.upload.failedText')),
              kind: 'destructive',
            });
          }
        }
        toast({
          title: t('partners.created'),
          description: t('partners.createdText', { name: created.name }),
        });
      }
      onClose();
    } catch (error) {
      setErrors(apiFieldErrorTexts(error));
      toast({
        title: t('partners.errorTitle'),
        description: apiErrorText(error, editing ? t('partners.updateFailed') : t('partners.createFailed')),
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
      aria-label={editing ? t('partners.form.editTitle') : t('partners.create')}
    >
      <DialogTitle id="partner-form-title">
        {editing ? t('partners.form.editTitle') : t('partners.create')}
      </DialogTitle>
      <DialogContent dividers>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('name', t('partners.form.name'), { required: true, autoFocus: true })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('legalName', t('partners.form.legalName'), {
              placeholder: t('partners.form.legalNamePlaceholder'),
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('email', t('partners.form.email'), { type: 'email' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('phone', t('partners.form.phone'), { type: 'tel' })}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('website', t('partners.form.website'), { placeholder: WEBSITE_PLACEHOLDER })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>{field('address', t('partners.form.address'))}</Grid>
          <Grid size={12}>
            <Autocomplete
              multiple
              options={PARTNER_CATEGORIES as readonly string[]}
              value={values.categories}
              onChange={(_e, categories) => setValues((v) => ({ ...v, categories }))}
              getOptionLabel={(option) => categoryLabel(option, t)}
              disableCloseOnSelect
              renderValue={(selected, getItemProps) =>
                selected.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={categoryLabel(option, t)} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('partners.form.categories')}
                  error={Boolean(errors.categories)}
                  helperText={errors.categories || t('partners.form.categoriesHelp')}
                />
              )}
            />
          </Grid>
          <Grid size={12} sx={{ mt: 1.5 }}>
            {field('description', t('partners.form.description'), { multiline: true, minRows: 2 })}
          </Grid>
          <Grid size={12}>
            {field('contactInfo', t('partners.form.contactInfo'), { multiline: true, minRows: 2 })}
          </Grid>
          {!editing && (
            <Grid size={12}>
              <input ref={fileInput} type="file" accept={PHOTO_ACCEPT} hidden onChange={chooseLogo} />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  startIcon={<AddPhotoAlternateOutlinedIcon />}
                  onClick={() => fileInput.current?.click()}
                >
                  {logo ? t('partners.form.changeLogo') : t('partners.form.addLogo')}
                </Button>
                <Typography variant="body2" color="text.secondary">
                  {logo ? logo.name : t('partners.form.logoHelp')}
                </Typography>
              </Box>
            </Grid>
          )}
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('partners.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {editing ? t('partners.form.save') : t('partners.create')}
        </Button>
      </DialogActions>
    </Box>
  );
}
