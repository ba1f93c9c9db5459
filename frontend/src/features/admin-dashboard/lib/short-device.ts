/** Spec section 9: device text is cut to 20 characters. */
export function shortDevice(device: string | null): string {
  if (!device) return 'Unknown';
  return device.length > 20 ? `${device.slice(0, 20)}…` : device;
}
