import type { Language, Statement } from '@avpass/contracts';
import { formatsFor, type MailToRecord } from '@avpass/platform';
import { STATEMENT_CATALOG } from '../i18n';
import {
  STATEMENT_ISSUED_TEMPLATE,
  STATEMENT_PDF,
  statementPdfRef,
  type StatementMailParams,
} from './statement-documents';

/**
 * A statement's mail to one reader, in their language (issue 42): its subject, its template's
 * parameters (the month and the net already written in that language) and the PDF in the same one.
 */
export function statementMail(
  statement: Statement,
  partnerName: string,
  language: Language,
  publicUrl: string,
  timeZone: string,
): Pick<MailToRecord, 'subject' | 'template' | 'params' | 'attachments'> {
  const t = STATEMENT_CATALOG.in(language);
  const formats = formatsFor(language, timeZone);
  const month = formats.month(statement.period);
  const net =
    statement.netCents >= 0
      ? t('mail.net.club-owes', { amount: formats.money(statement.netCents) })
      : t('mail.net.partner-owes', { amount: formats.money(-statement.netCents) });
  const params: StatementMailParams = {
    partnerName,
    month,
    revision: statement.revision,
    net,
    link: `${publicUrl}/statements/${statement.id}`,
    language,
  };
  return {
    subject:
      statement.revision > 1
        ? t('mail.subject.revision', { month, revision: statement.revision })
        : t('mail.subject', { month }),
    template: STATEMENT_ISSUED_TEMPLATE,
    params: { ...params },
    attachments: [{ kind: STATEMENT_PDF, id: statementPdfRef(statement.id, language) }],
  };
}
