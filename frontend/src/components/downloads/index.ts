export * from './save-file';
export * from './render-file';
export * from './zip-job';
export * from './zip-progress';
export * from './zip-buttons';
export * from './card-size';
