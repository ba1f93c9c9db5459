export * from './urls';
export * from './get-trainer-codes';
export * from './get-trainer-config';
export * from './get-trainer-analytics';
export * from './generate-trainer-qr';
export * from './save-trainer-config';
export * from './upload-trainer-image';
export * from './export-trainer-analytics';
