// i18n/: the service's catalog of what it writes to people (decision 354).

export { STATEMENT_CATALOG } from './statement-catalog';
