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
