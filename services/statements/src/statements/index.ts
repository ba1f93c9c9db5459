// statements/: what other folders of the statements service may use (avpass/folder-boundaries).

export { StatementsRepository } from './statements.repository';
export { periodDays, StatementsService } from './statements.service';
