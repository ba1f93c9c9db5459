import 'reflect-metadata';
import { describeStartupError, installProcessGuards } from '@avpass/platform';
import { loadGatewayConfig } from './config';
import { createGateway } from './create-gateway';

async function main(): Promise<void> {
  installProcessGuards('gateway');
  const config = loadGatewayConfig();
  const app = await createGateway(config);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(
    JSON.stringify({
      level: 30,
      app: 'gateway',
      msg: `gateway listening on http://localhost:${config.PORT}`,
    }),
  );
}

main().catch((error: unknown) => {
  console.error(`[gateway] could not start: ${describeStartupError(error)}`);
  process.exit(1);
});
