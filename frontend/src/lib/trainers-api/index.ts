export * from './urls';
export * from './queries';
export * from './mutations';
