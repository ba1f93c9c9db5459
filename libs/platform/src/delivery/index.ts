export * from './delivery-relay';
export * from './delivery-state.repository';
export * from './delivery-worker';
