/** Tables show the first 8 characters of an id (spec section 2). */
export const shortId = (id: string): string => id.slice(0, 8);

/** Spec section 9: device text is cut to 20 characters. */
export function shortDevice(device: string | null): string {
  if (!device) return 'Unknown';
  return device.length > 20 ? `${device.slice(0, 20)}…` : device;
}
