import { updateProfileRequestSchema, type CurrentUser } from '@avpass/contracts';
import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { useUpdateProfile } from '../api/update-profile';
import { fieldErrorWords } from '../lib/field-error-words';

type ProfileField = 'username' | 'email' | 'firstName' | 'lastName';
type ProfileValues = Record<ProfileField, string>;

function valuesOf(user: CurrentUser): ProfileValues {
  return {
    username: user.username,
    email: user.email ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
  };
}

const FIELDS: ReadonlyArray<{
  name: ProfileField;
  label: MessageId;
  autoComplete: string;
  required?: boolean;
}> = [
  { name: 'username', label: 'settings.profile.username', autoComplete: 'username', required: true },
  { name: 'email', label: 'settings.profile.email', autoComplete: 'email' },
  { name: 'firstName', label: 'settings.profile.firstName', autoComplete: 'given-name' },
  { name: 'lastName', label: 'settings.profile.lastName', autoComplete: 'family-name' },
];

export function ProfileForm({ user }: { user: CurrentUser }) {
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(user));
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const updateProfile = useUpdateProfile();
  const { toast } = useToast();
  const t = useT();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = updateProfileRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorWords(firstIssuePerField(parsed.error), t));
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    updateProfile.mutate(parsed.data, {
      onSuccess: (updated) => {
        setValues(valuesOf(updated));
        toast({ title: t('settings.profile.saved'), description: t('settings.profile.savedText') });
      },
      onError: (error) => {
        setErrors(apiFieldErrorTexts(error));
        toast({
          title: t('settings.profile.failed'),
          description: apiErrorText(error, t('settings.profile.failedText')),
          kind: 'destructive',
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('settings.tab.profile')}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2.5 }}>
        {FIELDS.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={t(field.label)}
            type={field.name === 'email' ? 'email' : 'text'}
            autoComplete={field.autoComplete}
            required={field.required}
            value={values[field.name]}
            onChange={(event) => setValues((current) => ({ ...current, [field.name]: event.target.value }))}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] ?? (field.name === 'email' ? t('settings.profile.optional') : ' ')}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 3 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={updateProfile.isPending}
          startIcon={
            updateProfile.isPending ? <CircularProgress size={18} color="inherit" /> : <SaveRoundedIcon />
          }
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        >
          {updateProfile.isPending ? t('settings.saving') : t('settings.profile.save')}
        </Button>
      </Box>
    </Box>
  );
}
