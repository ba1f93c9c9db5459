import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from './support/harness';

// A phone on the club's Wi-Fi opens http://<LAN address>:3000: asking it to upgrade every request to
// https leaves the page blank. Only an https public origin may ask for that.
describe('the Content-Security-Policy fits the origin served', () => {
  let behindProxy: Harness;
  let httpsPublic: Harness;
  beforeAll(async () => {
    behindProxy = await startHarness({ TRUST_PROXY: 'true' }, { services: [] });
    httpsPublic = await startHarness({ PUBLIC_URL: 'https://pass.example.org' }, { services: [] });
  });
  afterAll(async () => {
    await behindProxy?.close();
    await httpsPublic?.close();
  });

  it('a page served over plain http is not upgraded to https', async () => {
    const res = await behindProxy.api('/api/public/partners');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('a request that reached a trusted proxy over https is upgraded', async () => {
    const res = await behindProxy.api('/api/public/partners', { headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('an https PUBLIC_URL upgrades every page, once', async () => {
    const res = await httpsPublic.api('/api/public/partners');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp.match(/upgrade-insecure-requests/g)).toHaveLength(1);
  });
});
