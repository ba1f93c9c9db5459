export * from './test-database';
export * from './tcp-proxy';
export * from './wait-for';
