// Entry points for tests that run the service in-process.
export { statementsService } from './service';
export { StatementsModule } from './app.module';
export { loadStatementsConfig } from './config';
export { lastMonth, MonthlyIssueWorker } from './issuing';
