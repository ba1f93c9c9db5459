/** Spec section 9: device text is cut to 20 characters (`unknown`: the words for none, in the reader's language). */
export function shortDevice(device: string | null, unknown = 'Unknown'): string {
  if (!device) return unknown;
  return device.length > 20 ? `${device.slice(0, 20)}…` : device;
}
