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
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { generatePassword } from '@/lib/generate-password';
import { useCreatePortalUser } from '../api/create-portal-user';
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
      toast({ title: 'Copied', description: 'The generated password was copied to the clipboard.' });
    } catch {
      toast({ title: 'Password Generated', description: 'Copy it from the field before you save.' });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = createPortalUserRequestSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error));
      focusFirstError(event.currentTarget);
      return;
    }
    create.mutate(values, {
      onSuccess: (user) => {
        toast({ title: 'Portal User Created', description: `${user.username} can now sign in.` });
        onClose();
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast({
          title: 'Error',
          description: errorMessageOf(error, 'Failed to create portal user'),
          kind: 'destructive',
        });
      },
    });
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Create Portal User">
      <DialogTitle id="portal-user-title">Create Portal User</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={1}>
          <TextField
            label="Username"
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
              label="Password"
              required
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              visible={visible}
              onVisibleChange={setVisible}
              error={Boolean(errors.password)}
              helperText={errors.password || 'At least 6 characters, and not a commonly used password'}
              sx={{ flex: 1 }}
            />
            <Button
              variant="outlined"
              onClick={() => void generate()}
              startIcon={<AutorenewRoundedIcon />}
              sx={{ height: 56, flexShrink: 0 }}
            >
              Generate
            </Button>
          </Stack>
          <TextField
            label="Email"
            type="email"
            value={values.email}
            onChange={set('email')}
            error={Boolean(errors.email)}
            helperText={errors.email || ' '}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 1, sm: 2 }}>
            <TextField
              label="First Name"
              value={values.firstName}
              onChange={set('firstName')}
              error={Boolean(errors.firstName)}
              helperText={errors.firstName || ' '}
              fullWidth
            />
            <TextField
              label="Last Name"
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
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={create.isPending}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Create User
        </Button>
      </DialogActions>
    </Box>
  );
}
