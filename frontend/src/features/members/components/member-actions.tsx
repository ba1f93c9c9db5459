import type { Member } from '@avpass/contracts';
import CallMergeRoundedIcon from '@mui/icons-material/CallMergeRounded';
import DeleteForeverOutlinedIcon from '@mui/icons-material/DeleteForeverOutlined';
import DownloadRoundedIcon from '@mui/icons-material/DownloadRounded';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { MemberPicker } from '@/components/members/member-picker';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { errorMessageOf, fieldErrorsOf } from '@/lib/api-client';
import { memberName } from '@/lib/members-api';
import { useEraseMember } from '../api/erase-member';
import { downloadMemberExport } from '../api/export-member';
import { useMergeMembers } from '../api/merge-members';
import { MemberFormDialog } from './member-form-dialog';

/** What a member's page can do: edit, export their data, merge a duplicate into them, erase them. */
export function MemberActions({ member }: { member: Member }) {
  const [open, setOpen] = useState<'edit' | 'merge' | 'erase' | null>(null);
  const [other, setOther] = useState<Member | null>(null);
  const [mergeError, setMergeError] = useState('');
  const [exporting, setExporting] = useState(false);
  const erase = useEraseMember();
  const merge = useMergeMembers();
  const navigate = useNavigate();
  const { toast } = useToast();
  const name = memberName(member);

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadMemberExport(member.id);
      toast({ title: 'Download started', description: `Everything held about ${name}, as JSON.` });
    } catch (error) {
      toast({
        title: 'Export failed',
        description: errorMessageOf(error, 'The export failed.'),
        kind: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  const confirmErase = () =>
    erase.mutate(member.id, {
      onSuccess: () => {
        toast({ title: 'Member erased', description: `${name}'s personal data was erased.` });
        void navigate(paths.members.path);
      },
      onError: (error) => {
        setOpen(null);
        toast({
          title: 'Error',
          description: errorMessageOf(error, 'The member could not be erased.'),
          kind: 'destructive',
        });
      },
    });

  const confirmMerge = () => {
    if (!other) return;
    merge.mutate(
      { id: member.id, from: other.id },
      {
        onSuccess: () => {
          toast({ title: 'Members merged', description: `${memberName(other)} was merged into ${name}.` });
          setOpen(null);
          setOther(null);
        },
        onError: (error) =>
          setMergeError(
            fieldErrorsOf(error).from ?? errorMessageOf(error, 'The members could not be merged.'),
          ),
      },
    );
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setOpen('edit')}>
          Edit
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRoundedIcon />}
          onClick={() => void exportData()}
          disabled={exporting}
          data-testid="export-member"
        >
          Export data
        </Button>
        <Button variant="outlined" startIcon={<CallMergeRoundedIcon />} onClick={() => setOpen('merge')}>
          Merge a duplicate
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverOutlinedIcon />}
          onClick={() => setOpen('erase')}
          data-testid="erase-member"
        >
          Erase
        </Button>
      </Stack>
      <MemberFormDialog open={open === 'edit'} member={member} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={open === 'erase'}
        title={`Erase ${name}?`}
        description={
          <>
            Their name, e-mail, phone, tags and consents are removed for good, and no voucher can be sent to
            them again. What stays: their redemptions, anonymised, so statements and statistics stay exact,
            and the audit trail, which never held their personal data. Export their data first if they asked
            for a copy. This cannot be undone.
          </>
        }
        confirmLabel="Erase"
        pending={erase.isPending}
        onConfirm={confirmErase}
        onClose={() => setOpen(null)}
        confirmTestId="confirm-erase"
      />
      <ConfirmDialog
        open={open === 'merge'}
        title={`Merge a duplicate into ${name}?`}
        description={
          <>
            Choose the other record of the same person. {name} keeps their own fields and takes the other's
            e-mail or phone where they have none, all tags, the newer consent per channel, and their vouchers
            and history. The other record is then gone.
          </>
        }
        confirmLabel="Merge"
        confirmDisabled={!other}
        pending={merge.isPending}
        onConfirm={confirmMerge}
        onClose={() => {
          setOpen(null);
          setOther(null);
          setMergeError('');
        }}
        confirmTestId="confirm-merge"
      >
        <MemberPicker
          label="The duplicate"
          helperText="Search by name, e-mail or phone"
          value={other}
          onChange={(m) => {
            setOther(m);
            setMergeError('');
          }}
          error={mergeError}
          exclude={[member.id]}
          testId="merge-picker"
        />
        {other && (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="merge-summary">
            {memberName(other)} ({other.email ?? other.phone}) will be merged into {name}.
          </Typography>
        )}
      </ConfirmDialog>
    </>
  );
}
