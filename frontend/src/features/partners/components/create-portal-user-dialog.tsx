import { createPortalUserRequestSchema } from '@avpass/contracts';
import AutorenewRoundedIcon from '@mui/icons-material/AutorenewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { PasswordField } from '@/components/form/password-field';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { generatePassword } from '@/lib/generate-password';
import { useCreatePortalUser } from '../api/create-portal-user';
import { fieldErrorWords } from '../lib/partner-words';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';

const EMPTY = { username: '', password: '', email: '', firstName: '', lastName: '' };
type Values = typeof EMPTY;

/** Create Portal User: username required, password at least 6, a generator that also copies it. */
export function CreatePortalUserDialog({
  partnerId,
  open,
  onClose,
}: {
  partnerId: string;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} labelledBy="portal-user-title">
      {open && <PortalUserForm partnerId={partnerId} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function PortalUserForm({ partnerId, onClose }: { partnerId: string; onClose: () => void }) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [visible, setVisible] = useState(false);
  const create = useCreatePortalUser(partnerId);
  const { toast } = useToast();
  const t = useT();

  const set = (field: keyof Values) => (event: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };

  const generate = async () => {
    const password = generatePassword();
    setValues((v) => ({ ...v, password }));
    setErrors((e) => ({ ...e, password: '' }));
    setVisible(true);
    try {
      await navigator.clipboard.writeText(password);
      toast({ title: t('partners.users.copied'), description: t('partners.users.copiedText') });
    } catch {
      toast({ title: t('partners.users.generated'), description: t('partners.users.generatedText') });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPortalUserRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorWords(firstIssuePerField(parsed.error), t));
      focusFirstError(event.currentTarget);
      return;
    }
    create.mutate(values, {
      onSuccess: (user) => {
        toast({
          title: t('partners.users.created'),
          description: t('partners.users.createdText', { name: user.username }),
        });
        onClose();
      },
      onError: (error) => {
        setErrors(apiFieldErrorTexts(error));
        toast({
          title: t('partners.errorTitle'),
          description: apiErrorText(error, t('partners.users.createFailed')),
          kind: 'destructive',
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('partners.users.createTitle')}>
      <DialogTitle id="portal-user-title">{t('partners.users.createTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1}>
          <TextField
            label={t('partners.users.username')}
            required
            autoFocus
            autoComplete="off"
            value={values.username}
            onChange={set('username')}
            error={Boolean(errors.username)}
            helperText={errors.username || ' '}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <PasswordField
              label={t('partners.users.password')}
              required
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              visible={visible}
              onVisibleChange={setVisible}
              error={Boolean(errors.password)}
              helperText={errors.password || t('partners.users.passwordHelp')}
              sx={{ flex: 1 }}
            />
            <Button
              variant="outlined"
              onClick={() => void generate()}
              startIcon={<AutorenewRoundedIcon />}
              sx={{ height: 56, flexShrink: 0 }}
            >
              {t('partners.users.generate')}
            </Button>
          </Stack>
          <TextField
            label={t('partners.form.email')}
            type="email"
            value={values.email}
            onChange={set('email')}
            error={Boolean(errors.email)}
            helperText={errors.email || ' '}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
            <TextField
              label={t('partners.users.firstName')}
              value={values.firstName}
              onChange={set('firstName')}
              error={Boolean(errors.firstName)}
              helperText={errors.firstName || ' '}
              fullWidth
            />
            <TextField
              label={t('partners.users.lastName')}
              value={values.lastName}
              onChange={set('lastName')}
              error={Boolean(errors.lastName)}
              helperText={errors.lastName || ' '}
              fullWidth
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('partners.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('partners.users.createSubmit')}
        </Button>
      </DialogActions>
    </Box>
  );
}
