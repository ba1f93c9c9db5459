export { createGateway } from './create-gateway';
export { loadGatewayConfig } from './config';
