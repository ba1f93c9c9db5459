// Test helper: runs code with the host process in different time zones, to prove results
// depend only on the business time zone passed in, never on the machine's own zone.

const HOST_ZONES = ['UTC', 'America/New_York', 'Asia/Tokyo', 'Pacific/Kiritimati', 'America/Los_Angeles'];

export function inEveryHostTimeZone<T>(compute: () => T): T[] {
  const original = process.env.TZ;
  try {
    return HOST_ZONES.map((zone) => {
      process.env.TZ = zone;
      return compute();
    });
  } finally {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  }
}

/** Proves the helper is meaningful: Node really switches the host zone when TZ changes. */
export function hostOffsetsInJanuary(): number[] {
  return inEveryHostTimeZone(() => new Date(Date.UTC(2026, 0, 15)).getTimezoneOffset());
}
