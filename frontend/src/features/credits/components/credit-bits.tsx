import type { SxProps, Theme } from '@mui/material/styles';
import type { AthleteCredit, CreditTransaction } from '@avpass/contracts';
import type { Translate } from '@avpass/contracts/i18n/voucher-words';
import { formatCentsIn } from '@avpass/domain';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLanguage, useT } from '@/i18n/i18n';
import type { MessageId } from '@/i18n/message-id';

/** The translator the credits screens pass to their word functions. */
export type T = Translate<MessageId>;

/** "Athlete", "Personal Trainer", "Coach" in the reader's language. */
export const roleLabel = (t: T, role: AthleteCredit['athleteRole']) => t(`credits.role.${role}`);

/** Money as dollars with two decimals from integer cents (libs/domain), in the reader's language and tabular figures. */
export function Money({ cents, strong = false }: { cents: number; strong?: boolean }) {
  const language = useLanguage();
  return (
    <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: strong ? 700 : undefined }}>
      {formatCentsIn(language, cents)}
    </Box>
  );
}

export { CreditStatusChip } from '@/components/data-display/credit-status-chip';

export function TransactionStatusChip({ transaction }: { transaction: CreditTransaction }) {
  const t = useT();
  return transaction.voidedAt ? (
    <Chip
      size="small"
      label={t('credits.status.voided')}
      color="default"
      title={transaction.voidReason ?? undefined}
    />
  ) : (
    <Chip size="small" variant="outlined" label={t('credits.status.completed')} color="success" />
  );
}

/** A transaction's card on a phone starts with the athlete and the status chip. */
export function TransactionCardHeader({ transaction }: { transaction: CreditTransaction }) {
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
      <Typography sx={{ fontWeight: 700 }}>{transaction.athleteName}</Typography>
      <TransactionStatusChip transaction={transaction} />
    </Stack>
  );
}

const DIMMED_TEXT = { color: 'text.secondary', textDecoration: 'line-through' };

/**
 * Voided ledger rows are dimmed (spec section 2): struck through in the secondary text colour, which
 * still reads at 4.5:1 (an opacity of 0.5 fell to 3.3:1, an axe failure).
 */
export const voidedSx = (transaction: CreditTransaction): SxProps<Theme> =>
  transaction.voidedAt ? { '& td, & .MuiTypography-root': DIMMED_TEXT } : {};

/** One list row as a card on phones: a header and label/value pairs. */
export function RowCard({
  testId,
  header,
  fields,
  actions,
  dimmed = false,
  dataAttributes = {},
}: {
  testId: string;
  header: ReactNode;
  fields: [string, ReactNode][];
  actions?: ReactNode;
  dimmed?: boolean;
  dataAttributes?: Record<string, string>;
}) {
  return (
    <Card
      variant="outlined"
      data-testid={testId}
      {...dataAttributes}
      sx={{
        p: 2,
        ...(dimmed ? { bgcolor: 'action.hover', '& dd, & .MuiTypography-root': DIMMED_TEXT } : {}),
      }}
    >
      {header}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, m: 0, mt: 1 }}
      >
        {fields.map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {label}
            </Typography>
            <Typography
              component="dd"
              variant="body2"
              sx={{ m: 0, textAlign: 'right', overflowWrap: 'anywhere' }}
            >
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, justifyContent: 'flex-end' }}>
          {actions}
        </Stack>
      )}
    </Card>
  );
}
