// holders/: what other folders of the vouchers service may use (avpass/folder-boundaries).

export {
  countMemberUseSql,
  giveMemberUseBackSql,
  limitedSql,
  MEMBER_LIMIT_CONSTRAINT,
  MEMBER_ROOM_SQL,
} from './member-uses-sql.repository';
export { type LimitedCode, MemberUsesRepository } from './member-uses.repository';
export { type HeldCode, MemberLimits, splitTillName, type TillHolderView } from './member-limits.service';
export {
  countMemberDaySql,
  giveMemberDayBackSql,
  MEMBER_DAY_CAP_CONSTRAINT,
  MEMBER_DAY_ROOM_SQL,
} from './member-day-sql.repository';
export { MemberDaysRepository } from './member-days.repository';
