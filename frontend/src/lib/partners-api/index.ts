export * from './urls';
export * from './partner-choice';
export * from './get-partner-directory';
