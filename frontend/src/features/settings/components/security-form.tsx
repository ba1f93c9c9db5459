import { changePasswordFormSchema } from '@avpass/contracts';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import LockResetRoundedIcon from '@mui/icons-material/LockResetRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '@/components/form/password-field';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { generatePassword } from '@/lib/generate-password';
import { fieldErrorWords } from '../lib/field-error-words';

type PasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<PasswordField, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function SecurityForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [visible, setVisible] = useState<Record<PasswordField, boolean>>({
    currentPassword: false,
    newPassword: false,
    confirmPassword: false,
  });
  const changePassword = useChangePassword();
  const { toast } = useToast();
  const t = useT();

  const setValue = (field: PasswordField, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const setShown = (field: PasswordField) => (shown: boolean) =>
    setVisible((current) => ({ ...current, [field]: shown }));

  const fillGenerated = () => {
    const password = generatePassword();
    setValues((current) => ({ ...current, newPassword: password, confirmPassword: password }));
    setVisible((current) => ({ ...current, newPassword: true, confirmPassword: true }));
    setErrors((current) => ({ ...current, newPassword: undefined, confirmPassword: undefined }));
  };

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = changePasswordFormSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorWords(firstIssuePerField(parsed.error), t));
      focusFirstError(event.currentTarget);
      return;
    }
    setErrors({});
    const { currentPassword, newPassword } = parsed.data;
    changePassword.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          setValues(EMPTY);
          setVisible({ currentPassword: false, newPassword: false, confirmPassword: false });
          toast({ title: t('settings.security.saved'), description: t('settings.security.savedText') });
        },
        onError: (error) => {
          setErrors(apiFieldErrorTexts(error));
          toast({
            title: t('settings.security.failed'),
            description: apiErrorText(error, t('settings.security.failedText')),
            kind: 'destructive',
          });
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('settings.security.form')}>
      <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
        <PasswordField
          label={t('settings.security.current')}
          name="currentPassword"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onChange={(event) => setValue('currentPassword', event.target.value)}
          visible={visible.currentPassword}
          onVisibleChange={setShown('currentPassword')}
          error={Boolean(errors.currentPassword)}
          helperText={errors.currentPassword ?? ' '}
        />
        <Box
          sx={(theme) => ({
            display: 'flex',
            flexDirection: { xs: 'column', sm: 'row' },
            alignItems: { xs: 'stretch', sm: 'center' },
            justifyContent: 'space-between',
            gap: 1.5,
            p: 2,
            borderRadius: 3,
            backgroundColor: theme.palette.teal[50],
            border: `1px solid ${theme.palette.teal[100]}`,
          })}
        >
          <Typography variant="body2" color="text.secondary">
            {t('settings.security.generateHint')}
          </Typography>
          <Button
            variant="outlined"
            size="small"
            color="primary"
            onClick={fillGenerated}
            startIcon={<AutorenewRoundedIcon />}
            sx={{ flexShrink: 0, backgroundColor: 'background.paper' }}
          >
            {t('settings.security.generate')}
          </Button>
        </Box>
        <PasswordField
          label={t('settings.security.new')}
          name="newPassword"
          autoComplete="new-password"
          required
          value={values.newPassword}
          onChange={(event) => setValue('newPassword', event.target.value)}
          visible={visible.newPassword}
          onVisibleChange={setShown('newPassword')}
          error={Boolean(errors.newPassword)}
          helperText={errors.newPassword ?? t('settings.security.newHelp')}
        />
        <PasswordField
          label={t('settings.security.confirm')}
          name="confirmPassword"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={(event) => setValue('confirmPassword', event.target.value)}
          visible={visible.confirmPassword}
          onVisibleChange={setShown('confirmPassword')}
          error={Boolean(errors.confirmPassword)}
          helperText={errors.confirmPassword ?? ' '}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button
            type="submit"
            variant="contained"
            disabled={changePassword.isPending}
            startIcon={
              changePassword.isPending ? (
                <CircularProgress size={18} color="inherit" />
              ) : (
                <LockResetRoundedIcon />
              )
            }
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {changePassword.isPending ? t('settings.security.changing') : t('settings.security.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
