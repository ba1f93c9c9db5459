import { UNLIMITED_USAGE_LIMIT } from '@avpass/domain';
import { describe, expect, it } from 'vitest';
import { usageLimitInput, usageLimitText } from './usage-limit-options';

describe('the usage limit presets', () => {
  it('sends the preset, or the typed number for Custom', () => {
    expect(usageLimitInput('3', '')).toBe('3');
    expect(usageLimitInput('unlimited', '7')).toBe('unlimited');
    expect(usageLimitInput('custom', ' 12 ')).toBe('12');
  });

  it('describes stored limits, unlimited included', () => {
    expect(usageLimitText(1)).toBe('1 use');
    expect(usageLimitText(5)).toBe('5 uses');
    expect(usageLimitText(UNLIMITED_USAGE_LIMIT)).toBe('Unlimited uses');
  });
});
