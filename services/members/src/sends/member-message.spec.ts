import { describe, expect, it } from 'vitest';
import {
  messageFromParams,
  renderMemberMail,
  renderMemberSms,
  type MemberVoucherMessage,
} from './member-message';

const base: MemberVoucherMessage = {
  language: 'en',
  firstName: 'Bob',
  title: null,
  voucherUrl: 'https://pass.example/voucher/abc',
  partners: [],
  wallet: { apple: null, google: null },
  unsubscribeUrl: 'https://pass.example/api/members/unsubscribe?token=t&lang=en',
};

describe("a member's voucher message", () => {
  it('says where to use it and offers the wallets only when it knows them', () => {
    const plain = renderMemberMail(base);
    expect(plain.text).not.toContain('Where to use it');
    expect(plain.text).not.toContain('Wallet');
    const full = renderMemberMail({
      ...base,
      partners: ['Sports Shop', 'Café <Central>'],
      wallet: { apple: 'https://pass.example/api/qr-codes/abc/pass.pkpass', google: base.voucherUrl },
    });
    expect(full.text).toContain('Where to use it: Sports Shop, Café <Central>');
    expect(full.text).toContain('Add to Apple Wallet: https://pass.example/api/qr-codes/abc/pass.pkpass');
    expect(full.text).toContain('Save to Google Wallet: https://pass.example/voucher/abc');
    // HTML escapes what it did not write itself.
    expect(full.html).toContain('Café &lt;Central&gt;');
    expect(full.html).not.toContain('<Central>');
    expect(full.html).toContain(`href="${base.unsubscribeUrl!.replace(/&/g, '&amp;')}"`);
  });

  it('speaks Spanish to a Spanish member, by mail and SMS', () => {
    const es = { ...base, language: 'es' as const, firstName: 'Ana', partners: ['Tienda'] };
    expect(renderMemberMail(es).text).toContain('Hola, Ana:');
    expect(renderMemberMail(es).text).toContain('Dónde usarlo: Tienda');
    expect(renderMemberSms(es)).toBe(
      'Hola, Ana. Aquí tiene su cupón: https://pass.example/voucher/abc Úselo en Tienda. Responda STOP para no recibir más mensajes.',
    );
    expect(renderMemberSms(base)).toBe(
      'Hi Bob, here is your voucher: https://pass.example/voucher/abc Reply STOP to opt out.',
    );
  });

  it('reads its parameters back from the row, defaulting what is not a string', () => {
    const back = messageFromParams(
      JSON.parse(JSON.stringify({ ...base, partners: ['A', 3], language: 'fr' })),
    );
    expect(back).toEqual({ ...base, partners: ['A'], language: 'en' });
  });
});
