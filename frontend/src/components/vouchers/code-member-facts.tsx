import type { QrCode } from '@avpass/contracts';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';

/**
 * Under a code's usage (issue 41): its per-member limit ("2 per member per month") and, when a member
 * holds it, a link to that member. Nothing when the code has neither.
 */
export function CodeMemberFacts({ code }: { code: Pick<QrCode, 'perMemberLimit' | 'holder'> }) {
  const t = useT();
  const rule = code.perMemberLimit;
  const limit = rule
    ? rule.period === 'ever'
      ? t('staff.codes.perMember', { count: rule.count })
      : t(`staff.codes.perMember.${rule.period}`, { count: rule.count })
    : null;
  if (!limit && !code.holder) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      color="text.secondary"
      data-testid="code-member-facts"
      sx={{ display: 'block' }}
    >
      {limit}
      {limit && code.holder ? ' · ' : null}
      {code.holder && (
        <Link component={RouterLink} to={paths.member.getHref(code.holder)} title={code.holder}>
          {t('staff.codes.member')}
        </Link>
      )}
    </Typography>
  );
}
