import { MEMBER_TAG_MESSAGE, MEMBER_TAG_PATTERN, type ConsentChannel, type Member } from '@avpass/contracts';
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
import { errorMessageOf } from '@/lib/api-client';
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
function sendFailureOf(error: unknown): string {
  if (isMissingRoute(error)) return 'Sending to members is not available on this server yet.';
  return errorMessageOf(error, 'Nothing was sent: try again.');
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
  const tagProblem = tagValue && !MEMBER_TAG_PATTERN.test(tagValue) ? MEMBER_TAG_MESSAGE : '';
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
      setProblem('No e-mail or phone found in that file.');
      return;
    }
    if (contacts.length > CSV_RECIPIENTS_MAX) {
      setCsv(null);
      setProblem(
        `That file has ${contacts.length} e-mails and phones; at most ${CSV_RECIPIENTS_MAX} at once. Use a tag for more.`,
      );
      return;
    }
    setReading(true);
    try {
      const found = await resolveContacts(contacts, (search) => fetchMembers({ search, limit: 5 }));
      setCsv({ name: chosenFile.name, ...found });
    } catch (error) {
      setProblem(errorMessageOf(error, 'The members of that file could not be looked up.'));
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
        onError: (error) => setProblem(sendFailureOf(error)),
      },
    );
  };

  return (
    <>
      <DialogTitle id="send-members-title">Send {what} to members</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Each member gets their own code, with its link, in their language. A member gets it only on a
          channel they consented to; sending again never sends a member the same code twice.
        </Typography>
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
          <FormLabel component="legend" id={groupId}>
            To whom
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={groupId}
            value={audience}
            onChange={(e) => setAudience(e.target.value as Audience)}
          >
            <FormControlLabel value="tag" control={<Radio />} label="Members with a tag" />
            <FormControlLabel value="members" control={<Radio />} label="Chosen members" />
            <FormControlLabel value="csv" control={<Radio />} label="A CSV of e-mails or phones" />
          </RadioGroup>
        </Box>
        {audience === 'tag' && (
          <TextField
            label="Tag"
            placeholder="athlete"
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            error={Boolean(tagProblem)}
            helperText={tagProblem || 'Every member with this tag'}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'send-tag' } }}
          />
        )}
        {audience === 'members' && (
          <MembersPicker
            label="Members"
            helperText="Search by name, e-mail or phone and pick each"
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
              aria-label="CSV of e-mails or phones"
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
                {reading ? 'Looking them up…' : 'Choose a CSV file'}
              </Button>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {csv ? csv.name : 'Any columns: every e-mail and phone in it is looked up'}
              </Typography>
            </Box>
            {csv && (
              <Typography variant="body2" data-testid="send-csv-found">
                {csv.members.length} member(s) found
                {csv.missing.length > 0 &&
                  `; not members: ${csv.missing.slice(0, 5).join(', ')}${csv.missing.length > 5 ? ` and ${csv.missing.length - 5} more` : ''}`}
              </Typography>
            )}
          </Stack>
        )}
        <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mt: 2 }}>
          <FormLabel component="legend">Channels</FormLabel>
          <FormGroup row>
            <FormControlLabel
              control={<Checkbox checked={email} onChange={(e) => setEmail(e.target.checked)} />}
              label="E-mail"
            />
            <FormControlLabel
              control={
                <Checkbox
                  checked={sms && smsOn}
                  disabled={!smsOn}
                  onChange={(e) => setSms(e.target.checked)}
                />
              }
              label="SMS"
            />
          </FormGroup>
          {!smsOn && !channels.isPending && (
            <FormHelperText data-testid="sms-off">
              SMS is off: this server has no SMS provider configured (the TWILIO_* settings).
            </FormHelperText>
          )}
        </Box>
        {problem && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="send-problem">
            {problem}
          </Alert>
        )}
        {queued !== null && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="send-queued">
            {queued.toLocaleString('en-US')} queued. Each member's status shows on their page as it is sent.
          </Alert>
        )}
        {queued !== null && sendId && <SendProgressView sendId={sendId} queued={queued} />}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={send.isPending}>
          {queued === null ? 'Cancel' : 'Close'}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!ready || send.isPending}
          startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="send-submit"
        >
          Send
        </Button>
      </DialogActions>
    </>
  );
}
