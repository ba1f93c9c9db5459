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
import { useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import type { CodesRole } from './codes-roles';

type T = Translate<MessageId>;

/** The row actions each role has; a label names the code the way that role's table does. */
const ACTIONS = {
  // super_admin: preview, the bare QR as PNG, the voucher in three formats, its history, delete everywhere.
  admin: {
    open: {
      title: 'staff.codes.preview',
      icon: VisibilityOutlinedIcon,
      label: (t: T, id: string) => t('staff.codes.previewOf', { id: shortId(id) }),
    },
    qrOnly: true,
    history: true,
    formats: ['png', 'svg', 'pdf'],
    failureMessage: undefined,
    deleteLabel: (t: T, id: string) => t('staff.codes.deleteId', { id: shortId(id) }),
  },
  // A company: the voucher downloads, its page, and removing it from the company's own list.
  company: {
    open: {
      title: 'staff.codes.open',
      icon: OpenInNewRoundedIcon,
      label: (t: T, _id: string, name: string) => t('staff.codes.openOf', { name }),
    },
    qrOnly: false,
    history: false,
    formats: undefined,
    failureMessage: 'staff.codes.downloadFailedText',
    deleteLabel: (t: T, _id: string, name: string) => t('staff.codes.deleteName', { name }),
  },
} as const satisfies Record<CodesRole, unknown>;

/** The bare QR image as PNG (the voucher downloads carry the whole card). */
function QrOnlyButton({ code }: { code: QrCode }) {
  const { toast } = useToast();
  const t = useT();
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRenderedFile('qr', code.id, 'png');
      toast({ title: t('staff.codes.downloadStarted') });
    } catch {
      toast({
        title: t('staff.codes.downloadFailed'),
        description: t('staff.codes.downloadFailedQr'),
        kind: 'destructive',
      });
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Tooltip title={t('staff.codes.qrOnly')}>
      <span>
        <IconButton
          size="small"
          onClick={() => void download()}
          disabled={downloading}
          aria-label={t('staff.codes.qrOnlyOf', { id: shortId(code.id) })}
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
  const t = useT();
  const OpenIcon = actions.open.icon;
  const open = (
    <Tooltip title={t(actions.open.title)}>
      <IconButton
        component={RouterLink}
        to={paths.voucher.getHref(code.id)}
        target="_blank"
        rel="noopener"
        size="small"
        aria-label={actions.open.label(t, code.id, name)}
      >
        <OpenIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
  const voucher = (
    <DownloadButtons
      id={code.id}
      formats={actions.formats}
      failureMessage={actions.failureMessage && t(actions.failureMessage)}
      dense={!stacked}
    />
  );
  const history = actions.history && (
    <HistoryLink
      icon
      targetType="voucher"
      targetId={code.id}
      label={t('staff.codes.historyOf', { id: shortId(code.id) })}
    />
  );
  // Issue 41: the administrator sends the voucher to members (each gets their own code).
  const sendToMembers = role === 'admin' && (
    <SendToMembersButton
      icon
      source={{ qrCodeId: code.id }}
      what={name}
      label={t('staff.codes.sendOf', { id: shortId(code.id) })}
    />
  );
  const remove = (
    <Tooltip title={t('staff.codes.delete')}>
      <IconButton
        size="small"
        color="error"
        onClick={() => onDelete(code)}
        aria-label={actions.deleteLabel(t, code.id, name)}
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
