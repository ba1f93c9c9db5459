// Baseline "gateway": Fastify, POST /redeem/:id -> NATS request -> answer. No auth, no validation.
// It passes what the product's gateway passes on (the client's address, user agent and a request id),
// which the same-work service records and the UPDATE-only service ignores.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { connect, JSONCodec } from 'nats';

const { NATS_URL = 'nats://127.0.0.1:4222', SUBJECT, PORT } = process.env;
const nc = await connect({ servers: NATS_URL, name: 'bench-bare-http' });
const codec = JSONCodec();
const app = Fastify({ logger: false, genReqId: () => randomUUID() });
app.post('/redeem/:id', async (req, reply) => {
  const userAgent = req.headers['user-agent'];
  const msg = await nc.request(
    SUBJECT,
    codec.encode({ id: req.params.id, ip: req.ip, userAgent, requestId: req.id }),
    { timeout: 5000 },
  );
  const answer = codec.decode(msg.data);
  return reply.code(answer.ok ? 200 : 409).send(answer);
});
await app.listen({ port: Number(PORT), host: '127.0.0.1' });
process.send?.('ready');
