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
import { apiErrorText, apiFieldErrorTexts } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { memberName } from '@/lib/members-api';
import { useEraseMember } from '../api/erase-member';
import { downloadMemberExport } from '../api/export-member';
import { useMergeMembers } from '../api/merge-members';
import { MemberFormDialog } from './member-form-dialog';

/** What a member's page can do: edit, export their data, merge a duplicate into them, erase them. */
export function MemberActions({ member }: { member: Member }) {
  const t = useT();
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
      toast({
        title: t('members.actions.exportStarted'),
        description: t('members.actions.exportStartedText', { name }),
      });
    } catch (error) {
      toast({
        title: t('members.actions.exportFailed'),
        description: apiErrorText(error, t('members.actions.exportFailedText')),
        kind: 'destructive',
      });
    } finally {
      setExporting(false);
    }
  };

  const confirmErase = () =>
    erase.mutate(member.id, {
      onSuccess: () => {
        toast({ title: t('members.actions.erased'), description: t('members.actions.erasedText', { name }) });
        void navigate(paths.members.path);
      },
      onError: (error) => {
        setOpen(null);
        toast({
          title: t('members.actions.error'),
          description: apiErrorText(error, t('members.actions.eraseFailed')),
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
          toast({
            title: t('members.actions.merged'),
            description: t('members.actions.mergedText', { other: memberName(other), name }),
          });
          setOpen(null);
          setOther(null);
        },
        onError: (error) =>
          setMergeError(
            apiFieldErrorTexts(error).from ?? apiErrorText(error, t('members.actions.mergeFailed')),
          ),
      },
    );
  };

  return (
    <>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<EditOutlinedIcon />} onClick={() => setOpen('edit')}>
          {t('members.actions.edit')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<DownloadRoundedIcon />}
          onClick={() => void exportData()}
          disabled={exporting}
          data-testid="export-member"
        >
          {t('members.actions.export')}
        </Button>
        <Button variant="outlined" startIcon={<CallMergeRoundedIcon />} onClick={() => setOpen('merge')}>
          {t('members.actions.merge')}
        </Button>
        <Button
          variant="outlined"
          color="error"
          startIcon={<DeleteForeverOutlinedIcon />}
          onClick={() => setOpen('erase')}
          data-testid="erase-member"
        >
          {t('members.actions.erase')}
        </Button>
      </Stack>
      <MemberFormDialog open={open === 'edit'} member={member} onClose={() => setOpen(null)} />
      <ConfirmDialog
        open={open === 'erase'}
        title={t('members.erase.title', { name })}
        description={t('members.erase.text')}
        confirmLabel={t('members.erase.confirm')}
        pending={erase.isPending}
        onConfirm={confirmErase}
        onClose={() => setOpen(null)}
        confirmTestId="confirm-erase"
      />
      <ConfirmDialog
        open={open === 'merge'}
        title={t('members.merge.title', { name })}
        description={t('members.merge.text', { name })}
        confirmLabel={t('members.merge.confirm')}
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
          label={t('members.merge.picker')}
          helperText={t('members.merge.pickerHelp')}
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
            {t('members.merge.summary', {
              other: memberName(other),
              contact: other.email ?? other.phone ?? '',
              name,
            })}
          </Typography>
        )}
      </ConfirmDialog>
    </>
  );
}
