export * from './urls';
export * from './periods';
export * from './get-statements';
export * from './get-statement';
export * from './get-preview';
export * from './download-statement';
export * from './moves';
export * from './get-totals';
