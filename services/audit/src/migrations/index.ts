import { Migration20261126Initial } from './migration-20261126-initial';

/** In order; each runs once, at start-up. */
export const migrations = [{ name: 'Migration20261126Initial', class: Migration20261126Initial }];
