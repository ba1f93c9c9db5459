import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config/env';
import { LOCAL_MAIL_FROM, LOCAL_SMTP_URL, mailEnvShape } from './mail-config';
import { smtpTransportOptions } from './mail-worker';

const schema = z.object(mailEnvShape);
const quiet = { error: () => undefined } as unknown as Console;

describe('mail settings', () => {
  it('default to the local catcher, unset or blank', () => {
    for (const env of [{}, { SMTP_URL: '', MAIL_FROM: '' }])
      expect(loadConfig(schema, env)).toMatchObject({ SMTP_URL: LOCAL_SMTP_URL, MAIL_FROM: LOCAL_MAIL_FROM });
  });

  it('take smtp:// and smtps:// URLs and a sender with or without a name', () => {
    const config = loadConfig(schema, {
      SMTP_URL: 'smtps://mailer%40club:p%40ss@mail.example.org',
      MAIL_FROM: 'no-reply@club.example',
    });
    expect(smtpTransportOptions(config.SMTP_URL)).toMatchObject({
      host: 'mail.example.org',
      port: 465,
      secure: true,
      auth: { user: 'mailer@club', pass: 'p@ss' },
    });
    expect(smtpTransportOptions('smtp://mail.example.org')).toMatchObject({ port: 587, secure: false });
    expect(smtpTransportOptions(LOCAL_SMTP_URL)).toMatchObject({ port: 1025, auth: undefined });
  });

  it('refuse another scheme and a sender that is not an address, naming the setting', () => {
    const original = console.error;
    console.error = quiet.error;
    try {
      expect(() => loadConfig(schema, { SMTP_URL: 'http://mail.example.org' })).toThrow(
        /SMTP_URL: must be a URL like smtp:/,
      );
      expect(() => loadConfig(schema, { MAIL_FROM: 'AV Pass' })).toThrow(/MAIL_FROM: must be an address/);
      expect(() => loadConfig(schema, { MAIL_FROM: 'a@b.c\r\nBcc: x@y.z' })).toThrow(/MAIL_FROM/);
    } finally {
      console.error = original;
    }
  });
});
