import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import type { SendSource } from '@/lib/members-api';
import { useSession } from '@/lib/session/use-session';
import { SendToMembersDialog } from './send-to-members-dialog';

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
  const session = useSession();
  const [open, setOpen] = useState(false);
  if (session.user?.role !== 'super_admin') return null;
  return (
    <>
      {icon ? (
        <Tooltip title="Send to members">
          <IconButton size="small" onClick={() => setOpen(true)} aria-label={label ?? 'Send to members'}>
            <SendRoundedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      ) : (
        <Button
          size={size}
          variant={variant}
          startIcon={<SendRoundedIcon />}
          onClick={() => setOpen(true)}
          aria-label={label}
          data-testid="send-to-members"
        >
          Send to members…
        </Button>
      )}
      <SendToMembersDialog open={open} source={source} what={what} onClose={() => setOpen(false)} />
    </>
  );
}
