import { describe, expect, it } from 'vitest';
import { DEVICE_LOG_MAX_CHARACTERS, deviceLogLine } from './wallet-passes.service';

describe("a device's log report, as the wallet service logs it (issue 37)", () => {
  it('is one quoted line, so a device cannot forge log lines', () => {
    expect(deviceLogLine(['first', 'second\nFAKE 00:00 ERROR'])).toBe(
      '["first","second\\nFAKE 00:00 ERROR"]',
    );
  });

  it('keeps at most DEVICE_LOG_MAX_CHARACTERS of what was sent, and says how many lines it left out', () => {
    const line = deviceLogLine(Array(100).fill('x'.repeat(2000)));
    expect(line.length).toBeLessThan(DEVICE_LOG_MAX_CHARACTERS + 40);
    expect(line).toMatch(/ \(\+99 more\)$/);
  });
});
