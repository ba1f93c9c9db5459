export * from './catalog';
export * from './formats';
export * from './negotiate';
