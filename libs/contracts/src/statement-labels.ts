/**
 * A statement line's label in the reader's language (issue 42). The statements service froze each
 * ledger entry's label as English words around data (services/statements/src/ledger/ledger.subscriber.ts):
 * "Maya Torres · credit 1a2b3c4d", "Athlete credit 1a2b3c4d", "Spring · batch abcd1234",
 * "code abcd1234". Rather than migrate them, the words are put in the reader's language where a label
 * is shown (the PDF, the statement screen). Only those shapes, ending in a word and a short id (8 hex
 * characters), are rewritten; anything else (a merchandise line's name · sku · size · color, a
 * resolution's adjustment, an older label) passes through unchanged.
 */

/** The English words a ledger label may carry: each a key of the reader's catalog. */
export type StatementLabelWord = 'credit' | 'athleteCredit' | 'batch' | 'code';

/** A credit's line: the athlete by name when the event carries it (issue 39), and the credit's short id. */
export const creditLabel = (creditId: string, athleteName?: string) =>
  `${athleteName ? `${athleteName} · ` : 'Athlete '}credit ${creditId.slice(0, 8)}`;

/** A redemption's line: its batch, or the code when it is in none, after the code's title when known. */
export const redemptionLabel = (subject: 'batch' | 'code', id: string, title?: string) =>
  `${title ? `${title} · ` : ''}${subject} ${id.slice(0, 8)}`;

/** What `creditLabel` writes without the athlete's name: "Athlete credit 1a2b3c4d". */
const ATHLETE_CREDIT = /^Athlete credit ([0-9a-fA-F]{8})$/;
/** "<athlete> · credit 1a2b3c4d" (the name is required), "[<title> · ]batch|code abcd1234". */
const NAMED_CREDIT = /^(.+ · )credit ([0-9a-fA-F]{8})$/;
const REDEMPTION = /^((?:.+ · )?)(batch|code) ([0-9a-fA-F]{8})$/;

/**
 * `label` with its English word said by `word` (the reader's catalog). In English, `word` gives the
 * words the ledger wrote, so the label comes back exactly as stored.
 */
export function statementLabelIn(label: string, word: (w: StatementLabelWord) => string): string {
  const athlete = ATHLETE_CREDIT.exec(label);
  if (athlete) return `${word('athleteCredit')} ${athlete[1]}`;
  const credit = NAMED_CREDIT.exec(label);
  if (credit) return `${credit[1]}${word('credit')} ${credit[2]}`;
  const redemption = REDEMPTION.exec(label);
  if (redemption)
    return `${redemption[1]}${word(redemption[2] === 'batch' ? 'batch' : 'code')} ${redemption[3]}`;
  return label;
}
