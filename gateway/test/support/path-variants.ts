import { request as httpRequest } from 'node:http';

/**
 * Spellings of one path that a naive string test on the raw URL reads differently from the router:
 * percent-encoded letters, doubled slashes, dot segments (plain and encoded), `;` path parameters,
 * encoded slashes and backslashes, control characters, double encoding and case games. Each is sent
 * as-is (see rawRequest): no client normalises it first. Used by the path sweep
 * (gateway/test/path-guard.test.ts) and free for any other sweep (bad-input).
 */
export interface PathVariant {
  /** What was done to the path, for the assertion message. */
  kind: string;
  /** The raw request target: path (and the query, untouched, if the original had one). */
  path: string;
}

const hex = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
const HEX = (char: string) => hex(char).toUpperCase();

/** Every variant of `target` (an absolute path, optionally with `?query`); the original is not included. */
export function pathVariants(target: string): PathVariant[] {
  const [path = '/', query] = splitQuery(target);
  const segments = path.split('/').slice(1); // '/a/b/' -> ['a', 'b', '']
  const join = (parts: string[]) => `/${parts.join('/')}`;
  const variants: PathVariant[] = [];
  const add = (kind: string, variant: string) => {
    const full = query === undefined ? variant : `${variant}?${query}`;
    if (variant !== path && !variants.some((v) => v.path === full)) variants.push({ kind, path: full });
  };
  const withSegment = (index: number, segment: string) =>
    join(segments.map((s, i) => (i === index ? segment : s)));

  segments.forEach((segment, i) => {
    if (!segment) return;
    const first = segment[0]!;
    const rest = segment.slice(1);
    add(`segment ${i}: first letter encoded`, withSegment(i, `${hex(first)}${rest}`));
    add(`segment ${i}: first letter encoded (upper-case hex)`, withSegment(i, `${HEX(first)}${rest}`));
    add(`segment ${i}: every character encoded`, withSegment(i, [...segment].map(hex).join('')));
    add(`segment ${i}: double-encoded letter`, withSegment(i, `%25${hex(first).slice(1)}${rest}`));
    add(`segment ${i}: upper case`, withSegment(i, segment.toUpperCase()));
    add(`segment ${i}: capitalised`, withSegment(i, `${first.toUpperCase()}${rest}`));
    add(`segment ${i}: ;param`, withSegment(i, `${segment};x=1`));
    add(`segment ${i}: bare ;`, withSegment(i, `${segment};`));
    add(`segment ${i}: encoded ;`, withSegment(i, `${segment}%3b`));
    add(`segment ${i}: NUL`, withSegment(i, `${segment}%00`));
    add(`segment ${i}: tab`, withSegment(i, `${segment}%09`));
    add(`segment ${i}: trailing dot`, withSegment(i, `${segment}.`));
    add(`segment ${i}: encoded trailing dot`, withSegment(i, `${segment}%2e`));
    const before = segments.slice(0, i);
    const after = segments.slice(i);
    add(`// before segment ${i}`, join([...before, '', ...after]));
    add(`/./ before segment ${i}`, join([...before, '.', ...after]));
    add(`/%2e/ before segment ${i}`, join([...before, '%2e', ...after]));
    add(`/x/../ before segment ${i}`, join([...before, 'x', '..', ...after]));
    add(`/x/%2e%2e/ before segment ${i}`, join([...before, 'x', '%2e%2e', ...after]));
    add(`/x/.%2E/ before segment ${i}`, join([...before, 'x', '.%2E', ...after]));
    if (i > 0) {
      // The slash before this segment, spelled differently.
      const head = join(before);
      const tail = after.join('/');
      add(`encoded / before segment ${i}`, `${head}%2f${tail}`);
      add(`encoded / (upper-case hex) before segment ${i}`, `${head}%2F${tail}`);
      add(`backslash before segment ${i}`, `${head}\\${tail}`);
      add(`encoded backslash before segment ${i}`, `${head}%5c${tail}`);
      add(`double-encoded / before segment ${i}`, `${head}%252f${tail}`);
    }
  });
  add('upper case', path.toUpperCase());
  add('leading //', `/${path}`);
  add('trailing /', path.endsWith('/') ? path.slice(0, -1) : `${path}/`);
  add('trailing //', `${path.replace(/\/$/, '')}//`);
  add('trailing /.', `${path.replace(/\/$/, '')}/.`);
  add('trailing /..', `${path}/x/..`);
  add('trailing ;', `${path};`);
  add('trailing %2f', `${path.replace(/\/$/, '')}%2f`);
  add('trailing #fragment', `${path}#x`);
  add('invalid percent-encoding', `${path.replace(/\/$/, '')}%zz`);
  add('truncated percent-encoding', `${path.replace(/\/$/, '')}%6`);
  add('encoded invalid UTF-8', `${path.replace(/\/$/, '')}%c0%ae`);
  return variants;
}

function splitQuery(target: string): [string, string | undefined] {
  const at = target.indexOf('?');
  return at < 0 ? [target, undefined] : [target.slice(0, at), target.slice(at + 1)];
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One request with the path sent exactly as given (fetch and URL would normalise it). A request
 * Node refuses to send (a character it will not put on the wire) is reported as status 0.
 */
export function rawRequest(
  baseUrl: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let req;
    try {
      req = httpRequest(
        {
          host: hostname,
          port,
          path,
          method: init.method ?? 'GET',
          headers: {
            ...(init.body !== undefined
              ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(init.body)) }
              : {}),
            ...init.headers,
          },
          signal: AbortSignal.timeout(20_000),
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_UNESCAPED_CHARACTERS')
        return resolve({ status: 0, headers: {}, body: '' });
      return reject(error as Error);
    }
    req.on('error', reject);
    req.end(init.body);
  });
}
