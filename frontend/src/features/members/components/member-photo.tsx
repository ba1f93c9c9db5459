import type { Member } from '@avpass/contracts';
import AddAPhotoOutlinedIcon from '@mui/icons-material/AddAPhotoOutlined';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ConfirmDialog } from '@/components/feedback/confirm-dialog';
import { useToast } from '@/components/toast/toast-context';
import { apiErrorText } from '@/i18n/api-error-text';
import { useT } from '@/i18n/i18n';
import { memberName } from '@/lib/members-api';
import { useMemberPhoto } from '../api/get-member-photo';
import { useRemoveMemberPhoto } from '../api/remove-member-photo';
import { MEMBER_PHOTO_MAX_BYTES, useUploadMemberPhoto } from '../api/upload-member-photo';

/**
 * The member's photo (issue 43, decision 372): what the till shows when their pass is scanned. Upload
 * any image up to 10 MB (the server makes it a 256 px square), replace it, or remove it after a
 * confirmation; without one, the member's initials, as the till shows them.
 */
export function MemberPhoto({ member }: { member: Member }) {
  const t = useT();
  const { toast } = useToast();
  const query = useMemberPhoto(member.id);
  const upload = useUploadMemberPhoto(member.id);
  const remove = useRemoveMemberPhoto(member.id);
  const [confirming, setConfirming] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const helpId = useId();
  const name = memberName(member);
  const initials = `${[...member.firstName][0] ?? ''}${[...member.lastName][0] ?? ''}`.toUpperCase();
  const photoUrl = query.data?.photoUrl ?? null;

  const failed = (title: string, description: string) => toast({ title, description, kind: 'destructive' });

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    // Quick answers in the browser; the server judges the bytes themselves again.
    if (file.type && !file.type.startsWith('image/')) {
      failed(t('members.photo.wrongType'), t('members.photo.wrongTypeText'));
      return;
    }
    if (file.size > MEMBER_PHOTO_MAX_BYTES) {
      failed(t('members.photo.tooLarge'), t('members.photo.tooLargeText'));
      return;
    }
    upload.mutate(file, {
      onSuccess: () =>
        toast({ title: t('members.photo.uploaded'), description: t('members.photo.uploadedText', { name }) }),
      onError: (error) =>
        failed(t('members.photo.failed'), apiErrorText(error, t('members.photo.failedText'))),
    });
  };

  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast({ title: t('members.photo.removed') });
      },
      onError: (error) => {
        setConfirming(false);
        failed(t('members.photo.removeFailed'), apiErrorText(error, t('members.photo.failedText')));
      },
    });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, md: 3 }, mb: 3 }}
      data-testid="member-photo"
    >
      <Typography id={headingId} variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('members.photo.title')}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap' }}>
        {photoUrl ? (
          <Avatar
            src={photoUrl}
            alt={t('members.photo.alt', { name })}
            sx={{ width: 96, height: 96 }}
            data-testid="member-photo-image"
          />
        ) : (
          <Avatar
            role="img"
            aria-label={t('members.photo.none', { name })}
            sx={(theme) => ({
              width: 96,
              height: 96,
              fontSize: '2rem',
              fontWeight: 800,
              bgcolor: theme.palette.secondary.main,
              color: theme.palette.secondary.contrastText,
            })}
            data-testid="member-photo-initials"
          >
            {initials}
          </Avatar>
        )}
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography id={helpId} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
            {t('members.photo.help')}
          </Typography>
          {query.isError && (
            <Typography variant="body2" color="error" sx={{ mb: 1.5 }} data-testid="member-photo-error">
              {apiErrorText(query.error, t('members.photo.loadFailed'))}
            </Typography>
          )}
          <input
            ref={input}
            type="file"
            accept="image/*"
            hidden
            onChange={pick}
            aria-label={t('members.photo.file', { name })}
            data-testid="member-photo-input"
          />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              onClick={() => input.current?.click()}
              disabled={upload.isPending || query.isPending}
              aria-describedby={helpId}
              startIcon={upload.isPending ? <CircularProgress size={16} /> : <AddAPhotoOutlinedIcon />}
              data-testid="member-photo-upload"
            >
              {photoUrl ? t('members.photo.replace') : t('members.photo.upload')}
            </Button>
            {photoUrl && (
              <Button
                color="error"
                onClick={() => setConfirming(true)}
                disabled={upload.isPending}
                startIcon={<DeleteOutlineRoundedIcon />}
                data-testid="member-photo-remove"
              >
                {t('members.photo.remove')}
              </Button>
            )}
          </Stack>
        </Box>
      </Box>
      <ConfirmDialog
        open={confirming}
        title={t('members.photo.removeTitle', { name })}
        description={t('members.photo.removeText')}
        confirmLabel={t('members.photo.removeConfirm')}
        pending={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setConfirming(false)}
        confirmTestId="confirm-remove-photo"
      />
    </Paper>
  );
}
