/**
 * A trainer code's title is a template (issue 27): `{name}` stands for each trainer's name, so one
 * saved configuration or one batch gives "Ann's Training Discount", "Bo's Training Discount"… and
 * never one person's title copied onto everyone. A title without the placeholder is the same on
 * every code (a campaign title such as "Summer Special"), as before.
 */
export const TRAINER_NAME_PLACEHOLDER = '{name}';

/** `{name}`, any case, spaces inside the braces allowed: `{Name}`, `{ name }`. */
const PLACEHOLDER = /\{\s*name\s*\}/gi;

export function hasTrainerNamePlaceholder(template: string): boolean {
  return new RegExp(PLACEHOLDER.source, 'i').test(template);
}

/** The title for one trainer: every `{name}` replaced by the name (the rest as written). */
export function trainerTitleFor(template: string, name: string): string {
  return template.replace(PLACEHOLDER, () => name.trim());
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The template of a title written for one trainer: the trainer's name (whole words, any case) made
 * `{name}` again, so saving "Ann Lee's Discount" typed for Ann Lee keeps "{name}'s Discount".
 */
export function trainerTitleTemplate(title: string, name: string): string {
  const trimmed = name.trim();
  if (!trimmed || hasTrainerNamePlaceholder(title)) return title;
  const word = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(trimmed)}(?![\\p{L}\\p{N}])`, 'giu');
  return title.replace(word, TRAINER_NAME_PLACEHOLDER);
}
