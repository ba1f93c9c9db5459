import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigurationError, loadConfig } from '../config/env';
import { smsEnvRefinement, smsEnvShape, twilioSettings, TWILIO_DEFAULT_API_URL } from './sms-config';

const schema = z.object(smsEnvShape).superRefine(smsEnvRefinement);
const SID = `AC${'a1'.repeat(16)}`;
const TOKEN = 'f'.repeat(32);

const quietly = <T>(run: () => T): T => {
  const original = console.error;
  console.error = () => undefined;
  try {
    return run();
  } finally {
    console.error = original;
  }
};

describe('SMS settings', () => {
  it('are off when no TWILIO_ credential is set, unset or blank', () => {
    for (const env of [{}, { TWILIO_ACCOUNT_SID: '', TWILIO_AUTH_TOKEN: ' ', TWILIO_FROM: '' }]) {
      const config = loadConfig(schema, env);
      expect(twilioSettings(config)).toBeNull();
      expect(config.TWILIO_API_URL).toBe(TWILIO_DEFAULT_API_URL);
    }
  });

  it('are on with all three, pointing at a stand-in when TWILIO_API_URL says so', () => {
    const config = loadConfig(schema, {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+14155550100',
      TWILIO_API_URL: 'http://127.0.0.1:4010/',
    });
    expect(twilioSettings(config)).toEqual({
      accountSid: SID,
      authToken: TOKEN,
      from: '+14155550100',
      apiUrl: 'http://127.0.0.1:4010',
      statusCallbackUrl: null,
      timeoutMs: 10_000,
    });
    const viaService = loadConfig(schema, {
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: `MG${'0'.repeat(32)}`,
    });
    expect(twilioSettings(viaService)?.from).toMatch(/^MG/);
  });

  it('a partial set stops the start-up, naming what is missing', () => {
    expect(() =>
      quietly(() => loadConfig(schema, { TWILIO_ACCOUNT_SID: SID, TWILIO_FROM: '+14155550100' })),
    ).toThrow(
      /TWILIO_AUTH_TOKEN: SMS needs all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM, or none \(SMS off\): TWILIO_AUTH_TOKEN missing/,
    );
    // The platform checks again when it wires SMS, whatever schema the service used.
    const unchecked = z.object(smsEnvShape).parse({ TWILIO_AUTH_TOKEN: TOKEN });
    expect(() => twilioSettings(unchecked)).toThrow(ConfigurationError);
    expect(() => twilioSettings(unchecked)).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_FROM missing/);
  });

  it('refuse a malformed SID, sender or URL, naming the setting', () => {
    quietly(() => {
      expect(() => loadConfig(schema, { TWILIO_ACCOUNT_SID: 'AC123' })).toThrow(
        /TWILIO_ACCOUNT_SID: must be an Account SID/,
      );
      expect(() => loadConfig(schema, { TWILIO_FROM: '4155550100' })).toThrow(
        /TWILIO_FROM: must be a number like/,
      );
      expect(() => loadConfig(schema, { TWILIO_API_URL: 'ftp://x' })).toThrow(
        /TWILIO_API_URL: must be a URL/,
      );
    });
  });
});
