/** Local storage key that end-to-end tests use to shorten the inactivity timeout. */
export const INACTIVITY_TIMEOUT_STORAGE_KEY = 'avpass.inactivityTimeoutMs';

/** Spec section 9: ten minutes. */
const DEFAULT_INACTIVITY_TIMEOUT_MS = 600_000;

function positiveInteger(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) && parsed > 0 ? Math.floor(parsed) : null;
}

export function inactivityTimeoutMs(): number {
  let fromStorage: string | null = null;
  try {
    fromStorage = window.localStorage.getItem(INACTIVITY_TIMEOUT_STORAGE_KEY);
  } catch {
    fromStorage = null;
  }
  return (
    positiveInteger(fromStorage) ??
    positiveInteger(import.meta.env.VITE_INACTIVITY_TIMEOUT_MS) ??
    DEFAULT_INACTIVITY_TIMEOUT_MS
  );
}

/** Where the landing page's Contact links write to. */
export const CONTACT_EMAIL: string = import.meta.env.VITE_CONTACT_EMAIL || 'info@avpass.com';
