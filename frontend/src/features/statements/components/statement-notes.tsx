import type { Statement } from '@avpass/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { formatDateIn } from '@avpass/domain';
import { useLanguage, useT } from '@/i18n/i18n';

/** What happened to the statement: the dispute, its resolution, the payment, a newer revision. */
export function StatementNotes({ statement }: { statement: Statement }) {
  const t = useT();
  const language = useLanguage();
  const notes: { key: string; severity: 'info' | 'warning' | 'success'; text: string }[] = [];
  if (statement.status === 'superseded')
    notes.push({ key: 'superseded', severity: 'info', text: t('statements.notes.superseded') });
  if (statement.disputeReason)
    notes.push({
      key: 'dispute',
      severity: 'warning',
      text: t('statements.notes.disputed', { reason: statement.disputeReason }),
    });
  if (statement.resolution)
    notes.push({
      key: 'resolution',
      severity: 'info',
      text: t('statements.notes.resolution', { resolution: statement.resolution }),
    });
  if (statement.paidAt)
    notes.push({
      key: 'paid',
      severity: 'success',
      text: t(statement.paidReference ? 'statements.notes.paidReference' : 'statements.notes.paid', {
        // English keeps the day as it was (YYYY-MM-DD); another language says it in its own words.
        date:
          language === 'en'
            ? statement.paidAt.slice(0, 10)
            : formatDateIn(language, statement.paidAt.slice(0, 10), 'UTC'),
        reference: statement.paidReference ?? '',
      }),
    });
  if (notes.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mb: 3 }}>
      {notes.map((note) => (
        <Alert key={note.key} severity={note.severity} sx={{ overflowWrap: 'anywhere' }}>
          {note.text}
        </Alert>
      ))}
    </Stack>
  );
}
