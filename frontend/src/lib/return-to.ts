/**
 * The path to go back to after signing in, or null when the value could lead off-site. Only same-origin
 * absolute paths are accepted: no scheme, no protocol-relative `//host`, no backslash tricks, and no
 * path that only becomes protocol-relative once resolved (`/.//evil.example/x` resolves to
 * `//evil.example/x`, which a later `location.assign` or a router less careful than ours would follow
 * off-site): the answer itself is checked, not only what was given.
 */
export function safeReturnTo(
  raw: string | null | undefined,
  origin: string = window.location.origin,
): string | null {
  if (!raw) return null;
  if (!isSameOriginPath(raw)) return null;
  if (/[\u0000-\u001f]/.test(raw)) return null;
  try {
    const resolved = new URL(raw, origin);
    if (resolved.origin !== origin) return null;
    if (resolved.pathname === '/login') return null;
    const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
    return isSameOriginPath(path) ? path : null;
  } catch {
    return null;
  }
}

/** A path that can only mean this origin: one leading `/`, never `//` or `/\\` (read as a host). */
function isSameOriginPath(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\');
}
