/** A partner a new code can be made for: what the forms need from the directory's record. */
export interface PartnerChoice {
  id: string;
  name: string;
  logoUrl: string | null;
  email?: string | null;
}

/** The picker's "No partner (club-wide)" entry: a code no partner owns. */
export const NO_PARTNER_LABEL = 'No partner (club-wide)';

/**
 * The directory's pages as one list: in page order, each partner once (a partner created while the
 * list scrolls can shift a keyset page by a row; it is shown where it first came).
 */
export function mergeDirectoryPages<T extends { id: string }>(
  pages: readonly { items: readonly T[] }[],
): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  }
  return out;
}

/**
 * The options the picker lists: the chosen partner first when the search no longer shows it (so the
 * field keeps its value), then the search's partners. "No partner" is the picker's own first row.
 */
export function pickerOptions(
  partners: readonly PartnerChoice[],
  chosen: PartnerChoice | null,
): PartnerChoice[] {
  if (!chosen || partners.some((p) => p.id === chosen.id)) return [...partners];
  return [chosen, ...partners];
}

/** Whether a scrolled list is close enough to its end to ask for the next page (two rows' worth). */
export function nearListEnd(
  list: { scrollTop: number; clientHeight: number; scrollHeight: number },
  margin = 96,
): boolean {
  return list.scrollTop + list.clientHeight >= list.scrollHeight - margin;
}

/** The partner fields a form holds that a choice fills. */
export interface PartnerFill {
  partner: PartnerChoice | null;
  /** The partner name printed on the code (`clinic` / `facility`). */
  name: string;
  logoUrl: string | null;
}

/**
 * A new choice fills the name and the logo, both still editable: a field the user left as the previous
 * choice filled it (or blank) takes the new partner's value; a field the user typed or uploaded
 * himself stays. "No partner" (null) clears only what the previous partner had filled.
 */
export function applyPartnerChoice(current: PartnerFill, next: PartnerChoice | null): PartnerFill {
  const previous = current.partner;
  const nameIsFilled = !current.name.trim() || (previous !== null && current.name === previous.name);
  const logoIsFilled =
    current.logoUrl === null || (previous !== null && current.logoUrl === previous.logoUrl);
  return {
    partner: next,
    name: nameIsFilled ? (next?.name ?? '') : current.name,
    logoUrl: logoIsFilled ? (next?.logoUrl ?? null) : current.logoUrl,
  };
}

/** "Assign 1,204 codes" / "Assign 1 code". */
export function assignCountLabel(count: number): string {
  return `Assign ${count.toLocaleString('en-US')} ${count === 1 ? 'code' : 'codes'}`;
}
