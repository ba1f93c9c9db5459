/**
 * The path to go back to after signing in, or null when the value could lead off-site. Only same-origin
 * absolute paths are accepted: no scheme, no protocol-relative `//host`, no backslash tricks.
 */
export function safeReturnTo(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!raw) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.includes('\\')) return null;
  if (/[\u0000-\u001f]/.test(raw)) return null;
  try {
    const resolved = new URL(raw, origin);
    if (resolved.origin !== origin) return null;
    if (resolved.pathname === '/login') return null;
    return `${resolved.pathname}${resolved.search}${resolved.hash}`;
  } catch {
    return null;
  }
}
