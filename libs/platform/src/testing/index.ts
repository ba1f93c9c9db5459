// Test helpers. Imported by tests only, as `@avpass/platform/testing`; production code must not
// (the platform's own index does not export this folder, and lint forbids it outside tests).
export { createTestDatabase, type TestDatabase } from './test-database';
export { createEventTablesSchema, type EventTablesSchema } from './event-tables-schema';
export { testNamespace, testServiceEnv } from './test-env';
export { dropTestNamespace } from './test-namespace';
export { TcpProxy } from './tcp-proxy';
export { overlappingWords, pdfWords, wordsOffPage, type PdfWord } from './pdf-words';
export { isPdf, parseMail, TestSmtpServer, type CaughtMail } from './test-smtp-server';
export { waitFor, type WaitForOptions } from './wait-for';
export { refusal, stopServiceApp } from './service-apps';
export { startTestBed, type TestBed, type TestCallMeta } from './test-bed';
export { migrateFromFormerNames } from './former-migration-names';
export { catalogProblems } from '../i18n/catalog-check';
export { TwilioStandIn, type StandInAttempt, type StandInMessage } from './twilio-standin';
