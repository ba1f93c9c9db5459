// Ports for the launcher: the gateway's PORT and each app's operator port (METRICS_PORT), checked
// before anything starts, so a second `npm start` on the same machine either picks free operator ports
// or stops with one line naming the variable to set (never an EADDRINUSE stack from one of seven apps).
import { createServer } from 'node:net';

/** Whether something may listen on `port` at `host` now (the way the apps will: a plain TCP listen). */
export function portIsFree(port, host) {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', (error) =>
      error.code === 'EADDRINUSE' || error.code === 'EACCES' ? resolve(false) : reject(error),
    );
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The gateway's port must be free: otherwise one line that says to set PORT. */
export async function checkGatewayPort(env) {
  const port = Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number (e.g. 3000), not ${env.PORT}`);
  if (port === 0) return;
  if (!(await portIsFree(port, env.HOST || '0.0.0.0')))
    throw new Error(
      `PORT ${port} is already in use (another AV Pass on this machine?): set PORT to a free port, e.g. PORT=${port + 1}`,
    );
}

/**
 * Operator ports for `names` (app i gets base + i), as `{ ports: { name: port }, note }`.
 *
 * - METRICS_PORT_BASE empty: none.
 * - METRICS_PORT_BASE set: exactly those ports; one taken is one line that says to set it.
 * - unset, with a default base (`npm start`): the default block, or when any of it is taken (another
 *   instance), the next block of free ports above it; `note` says which (printed by the caller).
 */
export async function operatorPorts(env, names, defaultBase) {
  const host = env.OPERATOR_HOST || '127.0.0.1';
  const explicit = env.METRICS_PORT_BASE !== undefined;
  if (explicit && env.METRICS_PORT_BASE === '') return { ports: {} };
  if (!explicit && defaultBase === undefined) return { ports: {} };
  const base = explicit ? Number(env.METRICS_PORT_BASE) : defaultBase;
  const highest = 65535 - names.length + 1;
  if (!(Number.isInteger(base) && base > 0 && base <= highest))
    throw new Error(`METRICS_PORT_BASE must be a port number (e.g. 9464), not ${env.METRICS_PORT_BASE}`);
  const block = (from) => Object.fromEntries(names.map((name, i) => [name, from + i]));
  const takenIn = async (ports) => {
    const taken = [];
    for (const [name, port] of Object.entries(ports))
      if (!(await portIsFree(port, host))) taken.push(`${port} (${name})`);
    return taken;
  };

  const wanted = block(base);
  const taken = await takenIn(wanted);
  if (!taken.length) return { ports: wanted };
  if (explicit)
    throw new Error(
      `Operator port ${taken.join(', ')} from METRICS_PORT_BASE=${base} is already in use (another AV Pass on this machine?): set METRICS_PORT_BASE to another base (the apps take ${names.length} ports from it), or empty for no operator ports`,
    );
  for (let from = base + names.length; from <= highest; from += names.length) {
    const ports = block(from);
    if (!(await takenIn(ports)).length)
      return {
        ports,
        note: `operator port ${taken.join(', ')} is already in use (another AV Pass on this machine?): using ${from}–${from + names.length - 1} instead (METRICS_PORT_BASE chooses)`,
      };
  }
  throw new Error(
    `No ${names.length} free operator ports from ${base} up: set METRICS_PORT_BASE to a free base, or empty for no operator ports`,
  );
}
