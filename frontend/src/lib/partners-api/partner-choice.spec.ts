import { describe, expect, it } from 'vitest';
import {
  applyPartnerChoice,
  assignCountLabel,
  mergeDirectoryPages,
  nearListEnd,
  pickerOptions,
  type PartnerChoice,
} from './partner-choice';
import { directoryUrl } from './urls';

const shop: PartnerChoice = {
  id: '6f1c0c53-0b8e-4bb4-9a0e-1f7c2b1d0a01',
  name: 'Sports Shop',
  logoUrl: '/uploads/shop.png',
};
const gym: PartnerChoice = { id: '6f1c0c53-0b8e-4bb4-9a0e-1f7c2b1d0a02', name: 'Harbour Gym', logoUrl: null };

describe('the partner directory call', () => {
  it('asks for one keyset page: the limit, the trimmed search and the cursor, nothing blank', () => {
    expect(directoryUrl({})).toBe('/api/vendors?limit=30');
    expect(directoryUrl({ search: '  sports shop ', cursor: 'abc=', limit: 10 })).toBe(
      '/api/vendors?limit=10&search=sports+shop&cursor=abc%3D',
    );
    expect(directoryUrl({ search: '   ', cursor: null })).toBe('/api/vendors?limit=30');
  });

  it('merges its pages in order, each partner once', () => {
    const merged = mergeDirectoryPages([{ items: [shop, gym] }, { items: [gym, { ...shop, id: 'x' }] }]);
    expect(merged.map((p) => p.id)).toEqual([shop.id, gym.id, 'x']);
  });

  it('asks for the next page only near the end of the list', () => {
    expect(nearListEnd({ scrollTop: 0, clientHeight: 300, scrollHeight: 1200 })).toBe(false);
    expect(nearListEnd({ scrollTop: 820, clientHeight: 300, scrollHeight: 1200 })).toBe(true);
  });
});

describe('the picker', () => {
  it('keeps the chosen partner among the options when a search no longer lists it', () => {
    expect(pickerOptions([gym], shop)).toEqual([shop, gym]);
    expect(pickerOptions([shop, gym], shop)).toEqual([shop, gym]);
    expect(pickerOptions([gym], null)).toEqual([gym]);
  });

  it('fills the name and the logo from the chosen partner', () => {
    expect(applyPartnerChoice({ partner: null, name: '', logoUrl: null }, shop)).toEqual({
      partner: shop,
      name: 'Sports Shop',
      logoUrl: '/uploads/shop.png',
    });
  });

  it('a second choice replaces what the first filled, but never what the user typed or uploaded', () => {
    const filled = applyPartnerChoice({ partner: null, name: '', logoUrl: null }, shop);
    expect(applyPartnerChoice(filled, gym)).toEqual({ partner: gym, name: 'Harbour Gym', logoUrl: null });
    const edited = { ...filled, name: 'Sports Shop (Downtown)', logoUrl: '/uploads/mine.png' };
    expect(applyPartnerChoice(edited, gym)).toEqual({
      partner: gym,
      name: 'Sports Shop (Downtown)',
      logoUrl: '/uploads/mine.png',
    });
  });

  it('"No partner" clears only what the partner had filled', () => {
    const filled = applyPartnerChoice({ partner: null, name: '', logoUrl: null }, shop);
    expect(applyPartnerChoice(filled, null)).toEqual({ partner: null, name: '', logoUrl: null });
    expect(applyPartnerChoice({ ...filled, name: 'Club night' }, null)).toEqual({
      partner: null,
      name: 'Club night',
      logoUrl: null,
    });
  });

  it('says how many codes an assignment acts on', () => {
    expect(assignCountLabel(1204)).toBe('Assign 1,204 codes');
    expect(assignCountLabel(1)).toBe('Assign 1 code');
  });
});
