import type { QrCode } from '@avpass/contracts';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import QrCode2RoundedIcon from '@mui/icons-material/QrCode2Rounded';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { HistoryLink } from '@/components/audit/history-link';
import { downloadRenderedFile } from '@/components/downloads';
import { DownloadButtons } from '@/components/downloads/download-buttons';
import { SendToMembersButton } from '@/components/members/send-to-members-button';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { shortId } from '@/lib/code-display';
import type { CodesRole } from './codes-roles';

/** The row actions each role has; a label names the code the way that role's table does. */
const ACTIONS = {
  // super_admin: preview, the bare QR as PNG, the voucher in three formats, its history, delete everywhere.
  admin: {
    open: {
      title: 'Preview voucher page',
      icon: VisibilityOutlinedIcon,
      label: (id: string) => `Preview voucher ${shortId(id)}`,
    },
    qrOnly: true,
    history: true,
    formats: ['png', 'svg', 'pdf'],
    failureMessage: undefined,
    deleteLabel: (id: string) => `Delete QR code ${shortId(id)}`,
  },
  // A company: the voucher downloads, its page, and removing it from the company's own list.
  company: {
    open: {
      title: 'Open voucher page',
      icon: OpenInNewRoundedIcon,
      label: (_id: string, name: string) => `Open the voucher page of ${name}`,
    },
    qrOnly: false,
    history: false,
    formats: undefined,
    failureMessage: 'Failed to download QR code',
    deleteLabel: (_id: string, name: string) => `Delete ${name}`,
  },
} as const satisfies Record<CodesRole, unknown>;

/** The bare QR image as PNG (the voucher downloads carry the whole card). */
function QrOnlyButton({ code }: { code: QrCode }) {
  const { toast } = useToast();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRenderedFile('qr', code.id, 'png');
      toast({ title: 'Download Started' });
    } catch {
      toast({ title: 'Download Failed', description: 'Failed to download QR code.', kind: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Tooltip title="Download QR code only (PNG)">
      <span>
        <IconButton
          size="small"
          onClick={() => void download()}
          disabled={downloading}
          aria-label={`Download QR code ${shortId(code.id)}`}
        >
          <QrCode2RoundedIcon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** A code's actions in its row, or `stacked` on a phone card. */
export function CodeActions({
  role,
  code,
  name,
  onDelete,
  stacked = false,
}: {
  role: CodesRole;
  code: QrCode;
  /** The code's name as the table shows it. */
  name: string;
  onDelete: (code: QrCode) => void;
  stacked?: boolean;
}) {
  const actions = ACTIONS[role];
  const OpenIcon = actions.open.icon;
  const open = (
    <Tooltip title={actions.open.title}>
      <IconButton
        component={RouterLink}
        to={paths.voucher.getHref(code.id)}
        target="_blank"
        rel="noopener"
        size="small"
        aria-label={actions.open.label(code.id, name)}
      >
        <OpenIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const voucher = (
    <DownloadButtons
      id={code.id}
      formats={actions.formats}
      failureMessage={actions.failureMessage}
      dense={!stacked}
    />
  );
  const history = actions.history && (
    <HistoryLink
      icon
      targetType="voucher"
      targetId={code.id}
      label={`History of QR code ${shortId(code.id)}`}
    />
  );
  // Issue 41: the administrator sends the voucher to members (each gets their own code).
  const sendToMembers = role === 'admin' && (
    <SendToMembersButton
      icon
      source={{ qrCodeId: code.id }}
      what={name}
      label={`Send voucher ${shortId(code.id)} to members`}
    />
  );
  const remove = (
    <Tooltip title="Delete">
      <IconButton
        size="small"
        color="error"
        onClick={() => onDelete(code)}
        aria-label={actions.deleteLabel(code.id, name)}
        data-testid="delete-code"
      >
        <DeleteOutlineRoundedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  if (stacked) {
    // A phone: the voucher downloads on one side, the icon actions on the other, wrapping as a pair.
    return (
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: 1,
          flexWrap: 'wrap',
        }}
      >
        {voucher}
        <Box sx={{ display: 'flex', gap: 0.5, ml: 'auto' }}>
          {open}
          {actions.qrOnly && <QrOnlyButton code={code} />}
          {sendToMembers}
          {history}
          {remove}
        </Box>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {open}
      {actions.qrOnly && <QrOnlyButton code={code} />}
      {voucher}
      {sendToMembers}
      {history}
      {remove}
    </Box>
  );
}
