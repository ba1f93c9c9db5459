import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await startHarness();
  admin = await h.adminToken();
});
afterAll(async () => h?.close());

/**
 * A real client that writes the whole body before it reads the answer, as a browser or curl does
 * (fetch may stop writing at the first response byte, which would hide a reset).
 */
function postWholeBody(
  url: string,
  body: Buffer,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(headers['transfer-encoding'] ? {} : { 'content-length': String(body.length) }),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            headers: res.headers,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    // Written in 64 KB pieces, honouring backpressure, until the last byte is out.
    let offset = 0;
    const writeMore = () => {
      while (offset < body.length) {
        const piece = body.subarray(offset, offset + 65_536);
        offset += piece.length;
        if (!req.write(piece)) {
          req.once('drain', writeMore);
          return;
        }
      }
      req.end();
    };
    writeMore();
  });
}

const fiveMegabytes = () => Buffer.from(JSON.stringify({ padding: 'x'.repeat(5 * 1024 * 1024) }));

describe('an oversized body', () => {
  it('gets a readable 413 on a public route (the whole 5 MB body is written first)', async () => {
    const res = await postWholeBody(`${h.url}/api/redeem/${randomUUID()}`, fiveMegabytes());
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'The request is too large.' });
    expect(JSON.parse(res.body).requestId).toBeTruthy();
  });

  it('gets a readable 413 when it is sent in chunks, without a length', async () => {
    const res = await postWholeBody(`${h.url}/api/redeem/${randomUUID()}`, fiveMegabytes(), {
      'transfer-encoding': 'chunked',
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'The request is too large.' });
  });

  it('gets a readable 413 on an authenticated route', async () => {
    const res = await postWholeBody(`${h.url}/api/vendors`, fiveMegabytes(), {
      authorization: `Bearer ${admin}`,
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ message: 'The request is too large.' });
  });
});

describe('the OpenAPI document', () => {
  it('documents bodies and answers from the RPC contract map, without the fields the gateway adds', async () => {
    const res = await h.api('/api/docs/openapi.json');
    expect(res.status).toBe(200);
    const patch = res.body.paths['/api/vendors/{id}'].patch;
    const body = patch.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toContain('name');
    expect(body.properties).not.toHaveProperty('id');
    expect(patch.responses['200'].content['application/json'].schema.properties).toHaveProperty('createdAt');
    const redeem =
      res.body.paths['/api/redeem/{id}'].post.responses['200'].content['application/json'].schema;
    expect(Object.keys(redeem.properties)).toEqual([
      'message',
      'redemptionId',
      'fundedBy',
      'reimbursementCents',
      'noSaleAmount',
      'voucher',
    ]);
  });
});
