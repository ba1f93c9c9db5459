import {
  BIRTH_DATE_MESSAGE,
  BIRTH_DATE_RANGE_MESSAGE,
  createMemberRequestSchema,
  MEMBER_LANGUAGES,
  MEMBER_TAG_MESSAGE,
  updateMemberRequestSchema,
  type Member,
  type MemberLanguage,
} from '@avpass/contracts';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { firstIssuePerField, focusFirstError } from '@/lib/form-errors';
import { memberName } from '@/lib/members-api';
import { useCreateMember } from '../api/create-member';
import { useUpdateMember } from '../api/update-member';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: MemberLanguage;
  /** 'YYYY-MM-DD' or '' (none). */
  birthDate: string;
  tags: string[];
  emailConsent: boolean;
  smsConsent: boolean;
}

const valuesOf = (member: Member | null): FormValues => ({
  firstName: member?.firstName ?? '',
  lastName: member?.lastName ?? '',
  email: member?.email ?? '',
  phone: member?.phone ?? '',
  language: member?.language ?? 'en',
  birthDate: member?.birthDate ?? '',
  tags: member?.tags ?? [],
  emailConsent: member?.consent.email.given ?? false,
  smsConsent: member?.consent.sms.given ?? false,
});

type TextFieldName = 'firstName' | 'lastName' | 'email' | 'phone' | 'birthDate';

/** The schemas' own words for what the form checks before sending, as the catalogs name them. */
const CHECKED: Readonly<Record<string, MessageId>> = {
  'First name is required': 'members.form.firstNameRequired',
  'An e-mail or a phone is required': 'member.contact.required',
  'Not a valid e-mail address': 'member.email.invalid',
  [MEMBER_TAG_MESSAGE]: 'member.tag.invalid',
  [BIRTH_DATE_MESSAGE]: 'member.birth-date.format',
  [BIRTH_DATE_RANGE_MESSAGE]: 'member.birth-date.range',
};

/**
 * The request of the form: a new member whole; a change with only the consents that moved. A date of
 * birth the input cannot read (half typed: its value is '') is sent as such, never as "no date", so the
 * schema's format message shows.
 */
function requestOf(values: FormValues, member: Member | null, birthDateUnreadable: boolean) {
  const consent: Record<string, { given: boolean; source: 'form' }> = {};
  if (!member || values.emailConsent !== member.consent.email.given)
    consent.email = { given: values.emailConsent, source: 'form' };
  if (!member || values.smsConsent !== member.consent.sms.given)
    consent.sms = { given: values.smsConsent, source: 'form' };
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    phone: values.phone,
    language: values.language,
    birthDate: birthDateUnreadable ? 'unreadable' : values.birthDate,
    tags: values.tags,
    consent,
  };
}

/**
 * New member and Edit member: names, e-mail and/or phone, language, date of birth (the member pass's
 * second factor at the till, issue 43), tags, consent per channel.
 */
export function MemberFormDialog({
  open,
  member,
  onClose,
}: {
  open: boolean;
  /** null: a new member. */
  member: Member | null;
  onClose: () => void;
}) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} labelledBy="member-form-title">
      {open && <MemberForm key={member?.id ?? 'new'} member={member} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function MemberForm({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const t = useT();
  const [values, setValues] = useState<FormValues>(() => valuesOf(member));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateMember();
  const update = useUpdateMember();
  const navigate = useNavigate();
  const { toast } = useToast();
  const pending = create.isPending || update.isPending;
  const title = member ? t('members.form.editTitle') : t('members.form.newTitle');

  const set = (field: TextFieldName) => (e: ChangeEvent<HTMLInputElement>) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((all) => ({ ...all, [field]: '' }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const birthDate = form.elements.namedItem('birthDate');
    const request = requestOf(
      values,
      member,
      birthDate instanceof HTMLInputElement && birthDate.validity.badInput,
    );
    const parsed = (member ? updateMemberRequestSchema : createMemberRequestSchema).safeParse(request);
    if (!parsed.success) {
      const found = firstIssuePerField(parsed.error);
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([field, text]) => [field, CHECKED[text] ? t(CHECKED[text]) : text]),
        ),
      );
      focusFirstError(form);
      return;
    }
    try {
      if (member) {
        const saved = await update.mutateAsync({ id: member.id, changes: request });
        toast({
          title: t('members.form.updated'),
          description: t('members.form.updatedText', { name: memberName(saved) }),
        });
        onClose();
      } else {
        const created = await create.mutateAsync(request);
        toast({
          title: t('members.form.added'),
          description: t('members.form.addedText', { name: memberName(created) }),
        });
        onClose();
        void navigate(paths.member.getHref(created.id));
      }
    } catch (error) {
      setErrors(apiFieldErrorTexts(error));
      focusFirstError(form);
      toast({
        title: t('members.form.error'),
        description: apiErrorText(error, member ? t('members.form.saveFailed') : t('members.form.addFailed')),
        kind: 'destructive',
      });
    }
  };

  const field = (name: TextFieldName, label: string, extra: object = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(errors[name])}
      helperText={errors[name] || ' '}
      fullWidth
      {...extra}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="member-form-title">
      <DialogTitle id="member-form-title">{title}</DialogTitle>
      <DialogContent dividers>
        <Grid container columnSpacing={2} rowSpacing={0.5}>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('firstName', t('members.form.firstName'), {
              required: true,
              autoFocus: true,
              autoComplete: 'off',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('lastName', t('members.form.lastName'), { autoComplete: 'off' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('email', t('members.form.email'), { type: 'email', autoComplete: 'off' })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            {field('phone', t('members.form.phone'), {
              type: 'tel',
              autoComplete: 'off',
              placeholder: '+34 612 345 678',
            })}
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label={t('members.form.language')}
              value={values.language}
              onChange={(e) => setValues((v) => ({ ...v, language: e.target.value as MemberLanguage }))}
              error={Boolean(errors.language)}
              helperText={errors.language || t('members.form.languageHelp')}
              fullWidth
            >
              {MEMBER_LANGUAGES.map((language) => (
                <MenuItem key={language} value={language}>
                  {t(`members.language.${language}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label={t('members.form.birthDate')}
              name="birthDate"
              type="date"
              value={values.birthDate}
              onChange={set('birthDate')}
              error={Boolean(errors.birthDate)}
              helperText={errors.birthDate || t('members.form.birthDateHelp')}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { min: '1900-01-01', max: new Date().toISOString().slice(0, 10) },
              }}
              fullWidth
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <Autocomplete
              multiple
              freeSolo
              autoSelect
              options={[] as string[]}
              value={values.tags}
              onChange={(_e, tags) => {
                setValues((v) => ({
                  ...v,
                  tags: tags.map((tag) => tag.trim().toLowerCase()).filter(Boolean),
                }));
                setErrors((all) => ({ ...all, tags: '' }));
              }}
              renderValue={(selected, getItemProps) =>
                selected.map((option, index) => {
                  const { key, ...itemProps } = getItemProps({ index });
                  return <Chip key={key} size="small" label={option} {...itemProps} />;
                })
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('members.form.tags')}
                  error={Boolean(errors.tags)}
                  helperText={errors.tags || t('members.form.tagsHelp')}
                />
              )}
            />
          </Grid>
          <Grid size={12} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
            <FormLabel component="legend" sx={{ mt: 1 }}>
              {t('members.form.consent')}
            </FormLabel>
            <FormGroup row>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.emailConsent}
                    onChange={(e) => setValues((v) => ({ ...v, emailConsent: e.target.checked }))}
                  />
                }
                label={t('members.form.byEmail')}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={values.smsConsent}
                    onChange={(e) => setValues((v) => ({ ...v, smsConsent: e.target.checked }))}
                  />
                }
                label={t('members.form.bySms')}
              />
            </FormGroup>
            <FormHelperText error={Boolean(errors.consent)}>
              {errors.consent || t('members.form.consentHelp')}
            </FormHelperText>
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('members.form.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {member ? t('members.form.save') : t('members.form.add')}
        </Button>
      </DialogActions>
    </Box>
  );
}
