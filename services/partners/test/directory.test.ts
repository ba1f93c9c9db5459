import type { PublicPartner } from '@avpass/contracts';
import { RPC } from '@avpass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_PARTNERS_LIMIT } from '../src/public-partners/public-partners.service';
import { refusal, startServices, type Services } from './support/services';

let s: Services;
beforeAll(async () => {
  s = await startServices();
});
afterAll(async () => s?.close());

describe('the partner directory at size', () => {
  it('pages every partner by cursor without gaps or repeats, and the landing list keeps the first ones', async () => {
    // Partners joined a second apart, oldest first (set-based, as the bench seeds them).
    await s.sql.query(
      `insert into partners.companies (id, name, email, categories, created_at)
       select gen_random_uuid(), 'Directory ' || g, 'd' || g || '@dir.example',
              case when g % 2 = 0 then '["Retail"]'::jsonb else '["Healthcare"]'::jsonb end,
              now() - interval '1 day' + g * interval '1 second'
         from generate_series(1, ${PUBLIC_PARTNERS_LIMIT + 5}) g`,
    );
    const seen: string[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await s.call(RPC.partners.page, {
        limit: 40,
        search: 'directory',
        ...(cursor ? { cursor } : {}),
      });
      expect(page.total).toBe(PUBLIC_PARTNERS_LIMIT + 5);
      seen.push(...page.items.map((v) => v.name));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(PUBLIC_PARTNERS_LIMIT + 5);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen[0]).toBe(`Directory ${PUBLIC_PARTNERS_LIMIT + 5}`);
    const retail = await s.call(RPC.partners.page, { limit: 5, category: 'Retail', search: 'Directory' });
    expect(retail.total).toBe(Math.floor((PUBLIC_PARTNERS_LIMIT + 5) / 2));
    expect(retail.items.every((v) => v.categories.includes('Retail'))).toBe(true);

    const landing = (await s.call(RPC.partners.publicList, {}, null)) as PublicPartner[];
    expect(landing).toHaveLength(PUBLIC_PARTNERS_LIMIT);
    expect(landing.map((p) => p.name).slice(0, 2)).toEqual(['Directory 1', 'Directory 2']);
  });

  it('refuses a cursor it did not hand out', async () => {
    const err = await refusal(s.call(RPC.partners.page, { cursor: 'bm90LWEtY3Vyc29y' }));
    expect(err.code).toBe('VALIDATION_FAILED');
  });
});
