export * from './catalog';
export * from './catalog-words';
export * from './formats';
export * from './negotiate';
