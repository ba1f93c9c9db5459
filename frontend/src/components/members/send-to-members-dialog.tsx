import { MEMBER_TAG_PATTERN, type ConsentChannel, type Member } from '@avpass/contracts';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ResponsiveDialog } from '@/components/feedback/responsive-dialog';
import { formatNumberIn } from '@avpass/domain';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { MessageId } from '@/i18n/message-id';
import {
  contactsOfCsv,
  CSV_RECIPIENTS_MAX,
  fetchMembers,
  isMissingRoute,
  resolveContacts,
  useMemberChannels,
  useSendToMembers,
  type SendSource,
} from '@/lib/members-api';
import { MembersPicker } from './member-picker';
import { SendProgressView } from './send-progress';

type Audience = 'tag' | 'members' | 'csv';

/** What a send was refused with, in words for the administrator; a server without the route, calmly. */
function sendFailureOf(error: unknown, t: Translate<MessageId>): string {
  if (isMissingRoute(error)) return t('staff.members.send.unavailable');
  return apiErrorText(error, t('staff.members.send.failed'));
}

/**
 * "Send to members…" of a voucher or a batch (issue 41): the members (a tag, a selection found by
 * search, or a CSV of their e-mails and phones), the channels (SMS off, with the reason, when the
 * server has no SMS provider), then POST /api/members/send with a kept Idempotency-Key; "N queued",
 * and the send's progress while it runs.
 */
export function SendToMembersDialog({
  open,
  source,
  what,
  onClose,
}: {
  open: boolean;
  source: SendSource;
  /** What is sent, as the title says it ("Spring Tune-up", "batch Spring 2026"). */
  what: string;
  onClose: () => void;
}) {
  return (
    <ResponsiveDialog open={open} onClose={onClose} labelledBy="send-members-title">
      {open && <SendForm source={source} what={what} onClose={onClose} />}
    </ResponsiveDialog>
  );
}

function SendForm({ source, what, onClose }: { source: SendSource; what: string; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const channels = useMemberChannels();
  const send = useSendToMembers();
  const [audience, setAudience] = useState<Audience>('tag');
  const [tag, setTag] = useState('');
  const [members, setMembers] = useState<Member[]>([]);
  const [csv, setCsv] = useState<{ name: string; members: Member[]; missing: string[] } | null>(null);
  const [reading, setReading] = useState(false);
  const [email, setEmail] = useState(true);
  const [sms, setSms] = useState(false);
  const [problem, setProblem] = useState('');
  const [queued, setQueued] = useState<number | null>(null);
  const [sendId, setSendId] = useState<string | null>(null);
  const file = useRef<HTMLInputElement>(null);
  const groupId = useId();
  const smsOn = channels.data?.sms === true;

  const tagValue = tag.trim().toLowerCase();
  const tagProblem = tagValue && !MEMBER_TAG_PATTERN.test(tagValue) ? t('staff.members.send.tagProblem') : '';
  const chosen = audience === 'members' ? members : audience === 'csv' ? (csv?.members ?? []) : [];
  const picked: ConsentChannel[] = [
    ...(email ? ['email' as const] : []),
    ...(sms && smsOn ? ['sms' as const] : []),
  ];
  const ready =
    picked.length > 0 &&
    (audience === 'tag' ? Boolean(tagValue) && !tagProblem : chosen.length > 0) &&
    queued === null;

  const readCsv = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosenFile = event.target.files?.[0];
    event.target.value = '';
    if (!chosenFile) return;
    setProblem('');
    const contacts = contactsOfCsv(await chosenFile.text());
    if (!contacts.length) {
      setCsv(null);
      setProblem(t('staff.members.send.csvEmpty'));
      return;
    }
    if (contacts.length > CSV_RECIPIENTS_MAX) {
      setCsv(null);
      setProblem(
        t('staff.members.send.csvTooMany', {
          count: formatNumberIn(language, contacts.length),
          max: formatNumberIn(language, CSV_RECIPIENTS_MAX),
        }),
      );
      return;
    }
    setReading(true);
    try {
      const found = await resolveContacts(contacts, (search) => fetchMembers({ search, limit: 5 }));
      setCsv({ name: chosenFile.name, ...found });
    } catch (error) {
      setProblem(apiErrorText(error, t('staff.members.send.csvLookupFailed')));
    } finally {
      setReading(false);
    }
  };

  const submit = () => {
    setProblem('');
    const to = audience === 'tag' ? { tag: tagValue } : { memberIds: chosen.map((m) => m.id) };
    send.mutate(
      { ...source, ...to, channels: picked },
      {
        onSuccess: (answer) => {
          setQueued(answer.queued);
          setSendId(answer.sendId);
        },
        onError: (error) => setProblem(sendFailureOf(error, t)),
      },
    );
  };

  return (
    <>
      <DialogTitle id="send-members-title">{t('staff.members.send.title', { what })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('staff.members.send.intro')}
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
          <FormLabel component="legend" id={groupId}>
            {t('staff.members.send.toWhom')}
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={groupId}
            value={audience}
            onChange={(e) => setAudience(e.target.value as Audience)}
          >
            <FormControlLabel value="tag" control={<Radio />} label={t('staff.members.send.byTag')} />
            <FormControlLabel value="members" control={<Radio />} label={t('staff.members.send.chosen')} />
            <FormControlLabel value="csv" control={<Radio />} label={t('staff.members.send.byCsv')} />
          </RadioGroup>
        </Box>
        {audience === 'tag' && (
          <TextField
            label={t('staff.members.send.tag')}
            placeholder={t('staff.members.send.tagPlaceholder')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            error={Boolean(tagProblem)}
            helperText={tagProblem || t('staff.members.send.tagHelp')}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'send-tag' } }}
          />
        )}
        {audience === 'members' && (
          <MembersPicker
            label={t('staff.members.send.members')}
            helperText={t('staff.members.send.membersHelp')}
            value={members}
            onChange={setMembers}
            testId="send-picker"
          />
        )}
        {audience === 'csv' && (
          <Stack spacing={1}>
            <input
              ref={file}
              type="file"
              accept=".csv,text/csv,text/plain"
              hidden
              onChange={(e) => void readCsv(e)}
              aria-label={t('staff.members.send.csvFile')}
              data-testid="send-csv"
            />
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
              <Button
                variant="outlined"
                startIcon={
                  reading ? <CircularProgress size={16} color="inherit" /> : <UploadFileRoundedIcon />
                }
                onClick={() => file.current?.click()}
                disabled={reading}
              >
                {reading ? t('staff.members.send.lookingUp') : t('staff.members.send.chooseCsv')}
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {csv ? csv.name : t('staff.members.send.csvHelp')}
              </Typography>
            </Box>
            {csv && (
              <Typography variant="body2" data-testid="send-csv-found">
                {t('staff.members.send.found', { count: csv.members.length })}
                {csv.missing.length > 0 &&
                  t('staff.members.send.notMembers', {
                    list: csv.missing.slice(0, 5).join(', '),
                    more: Math.max(0, csv.missing.length - 5),
                  })}
              </Typography>
            )}
          </Stack>
        )}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <FormLabel component="legend">{t('staff.members.send.channels')}</FormLabel>
          <FormGroup row>
            <FormControlLabel
              control={<Checkbox checked={email} onChange={(e) => setEmail(e.target.checked)} />}
              label={t('staff.members.send.email')}
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={sms && smsOn}
                  disabled={!smsOn}
                  onChange={(e) => setSms(e.target.checked)}
                />
              }
              label={t('staff.members.send.sms')}
            />
          </FormGroup>
          {!smsOn && !channels.isPending && (
            <FormHelperText data-testid="sms-off">{t('staff.members.send.smsOff')}</FormHelperText>
          )}
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="send-problem">
            {problem}
          </Alert>
        )}
        {queued !== null && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="send-queued">
            {t('staff.members.send.queued', { count: formatNumberIn(language, queued) })}
          </Alert>
        )}
        {queued !== null && sendId && <SendProgressView sendId={sendId} queued={queued} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={send.isPending}>
          {queued === null ? t('staff.members.send.cancel') : t('staff.members.send.close')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!ready || send.isPending}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="send-submit"
        >
          {t('staff.members.send.submit')}
        </Button>
      </DialogActions>
    </>
  );
}
