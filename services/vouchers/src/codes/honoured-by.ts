/**
 * Which partner may honour a code at its till, the one place it is written (the till's reads, the
 * redeem statement, the till's offline copy; SQL only, no imports: tools/stats-rebuild.mjs loads it): the partner the code belongs to (vendor_id), one it is
 * actively assigned to (partner_ids, the code's active assignments), or any partner when the code is
 * club-wide (no vendor and no assignment: the member's page says "Valid at every AV Pass partner",
 * libs/contracts voucher-where.ts). Whether the partner itself is active is the partners service's to
 * say (TillService asks it); this is about the code.
 *
 * `alias` names the qr_codes row; `partner` is an SQL expression of the partner's id, by default a
 * `?::uuid` placeholder whose value goes HONOURED_BY_PLACEHOLDERS times (honouredByParams).
 */
export const honouredBySql = (alias: string, partner = '?::uuid'): string =>
  `(${alias}.vendor_id = ${partner} or ${partner} = any(${alias}.partner_ids) or ${clubWideSql(alias)})`;

/**
 * A club-wide code (`alias` = its qr_codes row): no vendor and no active assignment. Every partner may
 * honour it, and its till redemptions count for the partner that made them (TALLIED_PARTNERS).
 */
export const clubWideSql = (alias: string): string =>
  `(${alias}.vendor_id is null and ${alias}.partner_ids = '{}')`;

/** How many `?` honouredBySql has with its default `partner`. */
export const HONOURED_BY_PLACEHOLDERS = 2;

/** The parameters of honouredBySql with its default `partner`, in order. */
export const honouredByParams = (partnerId: string | null): (string | null)[] =>
  Array<string | null>(HONOURED_BY_PLACEHOLDERS).fill(partnerId);

/**
 * The partners whose tallies count a redemption (issue 37), as an SQL uuid[]: the code's active
 * assignments (`code`.partner_ids); for a club-wide code (no vendor, no assignment), which has none,
 * the partner whose till redeemed it (`redemption`.partner_id of a `till` redemption; a member's own
 * redeem names the code's one partner as where it was meant for, which proves nothing once the code
 * is club-wide, e.g. after that partner was deleted), so that partner's stats count it.
 * The redeem and the cancel queue their pending_tallies rows with it; moves and the rebuild follow it.
 */
export const TALLIED_PARTNERS = (code: string, redemption: string): string =>
  `(case when ${clubWideSql(code)} and ${redemption}.channel = 'till' and ${redemption}.partner_id is not null
         then array[${redemption}.partner_id] else ${code}.partner_ids end)`;
