// documents/: what other folders of the statements service may use (avpass/folder-boundaries).

export { STATEMENT_ISSUED_TEMPLATE, STATEMENT_PDF, StatementDocuments } from './statement-documents';
export { statementMail } from './statement-mail';
