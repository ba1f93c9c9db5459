import type { Statement } from '@avpass/contracts';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';

/** What happened to the statement: the dispute, its resolution, the payment, a newer revision. */
export function StatementNotes({ statement }: { statement: Statement }) {
  const notes: { key: string; severity: 'info' | 'warning' | 'success'; text: string }[] = [];
  if (statement.status === 'superseded')
    notes.push({ key: 'superseded', severity: 'info', text: 'A newer revision replaced this statement.' });
  if (statement.disputeReason)
    notes.push({ key: 'dispute', severity: 'warning', text: `Disputed: ${statement.disputeReason}` });
  if (statement.resolution)
    notes.push({ key: 'resolution', severity: 'info', text: `Resolution: ${statement.resolution}` });
  if (statement.paidAt)
    notes.push({
      key: 'paid',
      severity: 'success',
      text: `Paid on ${statement.paidAt.slice(0, 10)}${statement.paidReference ? `, reference ${statement.paidReference}` : ''}.`,
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
