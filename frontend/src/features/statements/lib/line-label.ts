import { statementLabelIn, type StatementLabelWord } from '@avpass/contracts';
import type { MessageId } from '@/i18n/message-id';

const LABEL_WORDS: Readonly<Record<StatementLabelWord, MessageId>> = {
  credit: 'statements.label.credit',
  athleteCredit: 'statements.label.athleteCredit',
  batch: 'statements.label.batch',
  code: 'statements.label.code',
};

/**
 * A statement line's label in the reader's language: the ledger froze its words in English ("Athlete
 * credit 1a2b3c4d", "Spring · batch abcd1234"); a merchandise line or an adjustment comes back as it is.
 */
export const statementLineLabel = (label: string, t: (key: MessageId) => string) =>
  statementLabelIn(label, (word) => t(LABEL_WORDS[word]));
