import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { lazy, Suspense, useState } from 'react';
import type { SendSource } from '@/lib/members-api';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';

/**
 * The dialog (with the members' schemas and so zod) loads when it is first opened: the dashboards whose
 * rows carry this button draw without it (decision 296, e2e/first-load.e2e.ts).
 */
const SendToMembersDialog = lazy(() =>
  import('./send-to-members-dialog').then((m) => ({ default: m.SendToMembersDialog })),
);

/**
 * "Send to members…" of a voucher or a batch, for the administrator only (members are the club's):
 * a button, or an icon among a row's actions, that opens SendToMembersDialog.
 */
export function SendToMembersButton({
  source,
  what,
  icon = false,
  label,
  size = 'small',
  variant = 'outlined',
}: {
  source: SendSource;
  what: string;
  icon?: boolean;
  /** The accessible name when the visible words are not enough (a row among many). */
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const t = useT();
  const session = useSession();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so its answer and a pending send's key survive a close.
  const [opened, setOpened] = useState(false);
  const show = () => {
    setOpened(true);
    setOpen(true);
  };
  if (session.user?.role !== 'super_admin') return null;
  return (
    <>
      {icon ? (
        <Tooltip title={t('staff.members.send.tooltip')}>
          <IconButton size="small" onClick={show} aria-label={label ?? t('staff.members.send.tooltip')}>
            <SendRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size={size}
          variant={variant}
          startIcon={<SendRoundedIcon />}
          onClick={show}
          aria-label={label}
          data-testid="send-to-members"
        >
          {t('staff.members.send.button')}
        </Button>
      )}
      {opened && (
        <Suspense fallback={null}>
          <SendToMembersDialog open={open} source={source} what={what} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
