import type { StatementStatus } from '@avpass/contracts';
import { formatCentsIn } from '@avpass/domain';
import { useLanguage, useT } from '@/i18n/i18n';
import { monthName } from '@/lib/statements-api';

/** The statements screens' words that several of them share: statuses, the net, a month's title. */
export function useStatementWords() {
  const t = useT();
  const language = useLanguage();
  const money = (cents: number) => formatCentsIn(language, cents);
  const statusLabels: Readonly<Record<StatementStatus, string>> = {
    issued: t('statements.status.issued'),
    approved: t('statements.status.approved'),
    disputed: t('statements.status.disputed'),
    superseded: t('statements.status.superseded'),
    paid: t('statements.status.paid'),
  };
  /** The net as the reader says it: positive, the club pays the partner (netWords in English). */
  const net = (netCents: number, who: 'partner' | 'admin' = 'partner') => {
    if (netCents === 0) return t('statements.net.none');
    const amount = money(Math.abs(netCents));
    if (who === 'admin')
      return netCents > 0
        ? t('statements.net.clubOwesPartner', { amount })
        : t('statements.net.partnerOwes', { amount });
    return netCents > 0
      ? t('statements.net.clubOwesYou', { amount })
      : t('statements.net.youOwe', { amount });
  };
  /** "November 2026" (a heading: capitalised in Spanish), ", revision 2" after it when it is one. */
  const title = (period: string, revision = 1) =>
    revision > 1
      ? t('statements.revision', { month: monthName(period, language, true), revision })
      : monthName(period, language, true);
  return {
    t,
    language,
    money,
    statusLabels,
    net,
    title,
    month: (period: string) => monthName(period, language),
  };
}
