export * from './urls';
export * from './get-members';
export * from './get-channels';
export * from './send-to-members';
export * from './get-send-progress';
export * from './send-progress';
export * from './csv-recipients';
