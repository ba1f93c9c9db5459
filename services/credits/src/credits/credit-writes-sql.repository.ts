// The pieces of SQL that write athlete_credits for another folder's statement: credits/ owns the table
// (tables.ts), and where a charge or a void changes a credit in the same statement as the ledger row, the
// ledger (transactions/) composes one of these (avpass/tables-written-by-owner; each stays ONE statement).

/**
 * The charge: the conditional UPDATE that is the check and the charge (its row lock serialises
 * concurrent charges of a credit across every instance; a charge that would take the balance below
 * zero, finds the credit past its end date or deactivated changes nothing). Its `?`s, in order: the
 * amount (twice), the instant, the credit's id, today's business date, the amount again; `conditions`
 * (`and …`) are the statement's further rules, with their own placeholders after them.
 */
export const chargeCreditSql = (conditions: string): string => `update athlete_credits c
       set current_balance = c.current_balance - ?, used_amount = c.used_amount + ?,
           updated_at = ?::timestamptz
     where c.id = ? and c.is_active and c.end_date >= ?::date and c.current_balance >= ? ${conditions}
    returning c.*`;

/**
 * A void gives its amount back to the credit: `voided` is a CTE of credit_transactions rows just voided
 * (their credit_id and amount); the one `?` is the instant.
 */
export const restoreCreditSql = (voided: string): string => `update athlete_credits c
       set current_balance = c.current_balance + v.amount, used_amount = c.used_amount - v.amount,
           updated_at = ?::timestamptz
      from ${voided} v where c.id = v.credit_id
    returning c.*`;
