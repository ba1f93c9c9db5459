// The piece of SQL that writes qr_code_partners for another folder's statement: assignment/ owns the
// table (tables.ts); a partner's bulk batch assigns its codes in the statement that makes them.

/**
 * Each code of `made` (rows of qr_codes just inserted: id, vendor_id, created_at) with a vendor is
 * assigned to it; `?` are who assigned them and when.
 */
export const assignMadeCodesSql = (made: string): string =>
  `insert into qr_code_partners (id, qr_code_id, partner_id, assigned_by, assigned_at, is_active, code_created_at)
       select gen_random_uuid(), m.id, m.vendor_id, ?::uuid, ?::timestamptz, true, m.created_at from ${made} m
        where m.vendor_id is not null`;

/**
 * Each code of `made` (rows of qr_codes just inserted) assigned to each partner of `?` (a uuid[]) by
 * `?` (who), the trigger's code_created_at given (it cannot see rows of its own statement). Returns
 * qr_code_id and partner_id, as a bulk assignment's rows for assignedTalliesCtes.
 */
export const assignCopiesSql = (made: string): string =>
  `insert into qr_code_partners (id, qr_code_id, partner_id, assigned_at, assigned_by, is_active, code_created_at)
       select gen_random_uuid(), m.id, p.id, now(), ?::uuid, true, m.created_at
         from ${made} m cross join unnest(?::uuid[]) as p(id)
        order by m.id, p.id
       returning qr_code_id, partner_id`;
