import type { MemberSession } from '@avpass/contracts';

/**
 * The member's session in memory and in this tab's sessionStorage (a reload keeps it; closing the tab
 * ends it on this device). Never the staff token's storage: a member token is sent only to /api/me/*.
 */
const KEY = 'avpassMemberSession';
let current: MemberSession | null | undefined;

export function memberSession(): MemberSession | null {
  if (current === undefined) {
    current = null;
    try {
      const kept = JSON.parse(window.sessionStorage.getItem(KEY) ?? 'null') as MemberSession | null;
      if (kept?.token && new Date(kept.expiresAt).getTime() > Date.now()) current = kept;
    } catch {
      // No storage (or a broken entry): signed out.
    }
  }
  return current;
}

export function keepMemberSession(session: MemberSession): void {
  current = session;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify(session));
  } catch {
    // In memory only: a reload signs out.
  }
}

export function endMemberSessionHere(): void {
  current = null;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
