import {
  isLanguage,
  statementFileName,
  type Actor,
  type Language,
  type RenderedFile,
  type StatementLine,
} from '@avpass/contracts';
import { MailProviders, PartnerDirectory } from '@avpass/platform';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { STATEMENTS_CONFIG, type StatementsConfig } from '../config';
import { nameOfPartner } from '../partners';
import { StatementsRepository, StatementsService, toLine, toStatement } from '../statements';
import { STATEMENT_CATALOG } from '../i18n';
import { renderStatementPdf } from './statement-pdf';

/** Lines read per page while a document is drawn. */
const LINES_PAGE = 500;
export const STATEMENT_PDF = 'statement-pdf';
export const STATEMENT_ISSUED_TEMPLATE = 'statement-issued';

/** The attachment's reference: the statement's id, and `:es` for a Spanish reader (English has none). */
export const statementPdfRef = (id: string, language: Language) =>
  language === 'en' ? id : `${id}:${language}`;
const readPdfRef = (ref: string): { id: string; language: Language } => {
  const [id = '', language] = ref.split(':');
  return { id, language: isLanguage(language) ? language : 'en' };
};

/** The statement mail's parameters, as recorded on its row (read back by its template). */
export interface StatementMailParams {
  partnerName: string;
  month: string;
  revision: number;
  link: string;
  net: string;
  /** Absent on rows recorded before issue 42: English. */
  language?: Language;
}

/**
 * A statement's documents: the PDF (downloads and the e-mail's attachment) and the e-mail's text. The
 * mail worker makes the attachment when it sends, from the statement's id only.
 */
@Injectable()
export class StatementDocuments implements OnModuleInit {
  constructor(
    private readonly statements: StatementsRepository,
    private readonly moves: StatementsService,
    private readonly partners: PartnerDirectory,
    private readonly mail: MailProviders,
    @Inject(STATEMENTS_CONFIG) private readonly config: StatementsConfig,
  ) {}

  onModuleInit(): void {
    this.mail.registerAttachment(STATEMENT_PDF, async (ref) => {
      const { id, language } = readPdfRef(ref);
      const pdf = await this.pdf(id, language);
      return pdf && { filename: pdf.fileName, contentType: 'application/pdf', content: pdf.data };
    });
    this.mail.registerTemplate(STATEMENT_ISSUED_TEMPLATE, (params) => {
      const p = params as unknown as StatementMailParams;
      const t = STATEMENT_CATALOG.in(isLanguage(p.language) ? p.language : 'en');
      const values = { month: p.month, revision: p.revision, net: p.net };
      return {
        text: [
          t('mail.greeting', { name: p.partnerName }),
          '',
          p.revision > 1 ? t('mail.ready.revision', values) : t('mail.ready', values),
          t('mail.attached'),
          p.link,
          '',
          'AV Pass',
        ].join('\n'),
      };
    });
  }

  /** GET /api/statements/{id}/pdf: the PDF of a statement the actor may see (another's is a 404). */
  async pdfFor(id: string, actor: Actor, language: Language): Promise<RenderedFile> {
    const row = await this.moves.visibleRow(id, actor);
    const pdf = (await this.pdf(row.id, language))!;
    return { fileName: pdf.fileName, contentType: 'application/pdf', data: pdf.data.toString('base64') };
  }

  /** The statement's PDF and its file name; null when there is no such statement. */
  async pdf(id: string, language: Language): Promise<{ data: Buffer; fileName: string } | null> {
    const row = await this.statements.find(id);
    if (!row) return null;
    const partner = await nameOfPartner(this.partners, row.partner_id);
    const partnerName = partner.name;
    const statement = toStatement(row, partner);
    const data = await renderStatementPdf({
      statement,
      partnerName,
      timeZone: this.config.BUSINESS_TIMEZONE,
      language,
      lines: this.linesOf(statement.id),
    });
    return { data, fileName: statementFileName(partnerName, statement, 'pdf') };
  }

  private async *linesOf(statementId: string): AsyncGenerator<StatementLine[]> {
    for (let after = 0; ; ) {
      const rows = await this.statements.lines(statementId, after, LINES_PAGE);
      if (rows.length) yield rows.map(toLine);
      if (rows.length < LINES_PAGE) return;
      after = rows[rows.length - 1]!.position;
    }
  }
}
