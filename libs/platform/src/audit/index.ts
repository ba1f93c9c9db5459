export * from './audit-entry.entity';
export * from './audit-entry-columns';
export * from './audit-migration';
export * from './audit-trail';
export * from './audit-retention';
