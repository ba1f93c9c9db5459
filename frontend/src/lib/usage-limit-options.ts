import { UNLIMITED_USAGE_LIMIT } from '@avpass/domain';

/** The usage-limit presets of spec section 9 ('custom' reveals a number field). */
export const USAGE_LIMIT_PRESETS = [
  { value: '1', label: '1 use' },
  { value: '3', label: '3 uses' },
  { value: '5', label: '5 uses' },
  { value: 'unlimited', label: 'Unlimited' },
  { value: 'custom', label: 'Custom number' },
] as const;

export type UsageLimitPreset = (typeof USAGE_LIMIT_PRESETS)[number]['value'];

/** What the form sends: the preset itself, or the typed number for 'custom'. */
export function usageLimitInput(preset: UsageLimitPreset, custom: string): string {
  return preset === 'custom' ? custom.trim() : preset;
}

/** Human text for a stored limit: "Unlimited" or "3 uses". */
export function usageLimitText(limit: number): string {
  if (limit === UNLIMITED_USAGE_LIMIT) return 'Unlimited uses';
  return limit === 1 ? '1 use' : `${limit} uses`;
}
