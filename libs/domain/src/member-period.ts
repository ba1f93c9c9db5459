/**
 * The period a per-member limit counts in (issue 41, decision 322): the TypeScript twin of the SQL
 * function member_period_start (vouchers migration 0028), for the till's offline copy (decision 338),
 * which must tell when its holder's count of a period no longer applies.
 */
export type MemberLimitPeriod = 'day' | 'week' | 'month' | 'ever';

/** The first business day ('YYYY-MM-DD') of the period containing `day`: ISO weeks start on Monday. */
export function memberPeriodStart(period: MemberLimitPeriod, day: string): string {
  switch (period) {
    case 'day':
      return day;
    case 'month':
      return `${day.slice(0, 8)}01`;
    case 'ever':
      return '1970-01-01';
    case 'week': {
      const date = new Date(`${day}T00:00:00Z`);
      const sinceMonday = (date.getUTCDay() + 6) % 7;
      return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
    }
  }
}
