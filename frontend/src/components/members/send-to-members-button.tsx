import SendRoundedIcon from '@mui/icons-material/SendRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { SendSource } from '@/lib/members-api';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';
import { useOpenSendToMembers } from './send-to-members-host';

/**
 * "Send to members…" of a voucher or a batch, for the administrator only (members are the club's):
 * a button, or an icon among a row's actions, that opens the one dialog SendToMembersHost holds.
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
  const openSendToMembers = useOpenSendToMembers();
  const show = () => openSendToMembers(source, what);
  if (session.user?.role !== 'super_admin') return null;
  return icon ? (
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
  );
}
