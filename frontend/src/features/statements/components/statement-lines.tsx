import { STATEMENT_SECTIONS, type StatementLine, type StatementSection } from '@avpass/contracts';
import { formatCentsIn, formatNumberIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { StateTable } from '@/components/data-display/state-table';
import { useLanguage, useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';
import { statementLineLabel } from '../lib/line-label';

const SECTION_TITLES: Record<StatementSection, MessageId> = {
  vouchers: 'statements.section.vouchers',
  adjustments: 'statements.section.adjustments',
  credits: 'statements.section.credits',
  merchandise: 'statements.section.merchandise',
  resolution: 'statements.section.resolution',
};

/** The statement's lines, a table per section in section order (only the sections that have lines). */
export function StatementLines({
  lines,
  disputed,
  partnerView,
}: {
  lines: readonly StatementLine[];
  /** Lines the partner disputed: marked. */
  disputed: readonly string[];
  partnerView: boolean;
}) {
  const t = useT();
  const language = useLanguage();
  const columns = [
    t('statements.lines.description'),
    { label: t('statements.lines.quantity'), align: 'right' },
    { label: t('statements.lines.clubOwes'), align: 'right' },
    { label: partnerView ? t('statements.lines.youOwe') : t('statements.lines.partnerOwes'), align: 'right' },
  ] as const;
  const sections = STATEMENT_SECTIONS.map((section) => ({
    section,
    lines: lines.filter((line) => line.section === section),
  })).filter((s) => s.lines.length > 0);
  if (sections.length === 0)
    return <Typography color="text.secondary">{t('statements.lines.empty')}</Typography>;
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 3 }}>
      {sections.map(({ section, lines: rows }) => (
        <Box
          component="section"
          key={section}
          aria-labelledby={`section-${section}`}
          data-testid={`section-${section}`}
        >
          <Typography id={`section-${section}`} variant="h6" component="h2" sx={{ mb: 1 }}>
            {t(SECTION_TITLES[section])}
          </Typography>
          <StateTable
            label={t(SECTION_TITLES[section])}
            minWidth={480}
            columns={[...columns]}
            state="ready"
            emptyText=""
            onRetry={() => undefined}
          >
            {rows.map((line) => (
              <TableRow key={line.id} data-testid="statement-line" data-id={line.id}>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {statementLineLabel(line.label, t)}
                  {disputed.includes(line.id) && (
                    <Typography component="span" variant="caption" color="text.primary" sx={{ ml: 1 }}>
                      {t('statements.lines.disputed')}
                    </Typography>
                  )}
                  {line.reversals > 0 && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('statements.lines.cancelled', { count: formatNumberIn(language, line.reversals) })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{formatNumberIn(language, line.quantity)}</TableCell>
                <TableCell align="right">{formatCentsIn(language, line.clubOwesCents)}</TableCell>
                <TableCell align="right">{formatCentsIn(language, line.partnerOwesCents)}</TableCell>
              </TableRow>
            ))}
          </StateTable>
        </Box>
      ))}
    </Box>
  );
}
