// issuing/: what other folders of the statements service may use (avpass/folder-boundaries).

export { IssuingService } from './issuing.service';
export { lastMonth, MonthlyIssueWorker } from './monthly-issue.worker';
