export * from './audit-entry.entity';
export * from './audit-migration';
export * from './audit-trail';
export * from './audit-retention';
