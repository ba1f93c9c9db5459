// statements/: what other folders of the statements service may use (avpass/folder-boundaries).

export { toLine, toStatement } from './statement.mapper';
export { StatementsRepository, type StatementRow } from './statements.repository';
export { netOf, periodDays, StatementsService } from './statements.service';
