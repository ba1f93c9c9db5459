import type { PartnerDirectory } from '@avpass/platform';
import { randomUUID } from 'node:crypto';

/** A deleted partner keeps its statements: it is then named by its short id. */
export const unknownPartner = (partnerId: string) => `Partner ${partnerId.slice(0, 8)}`;

/** How a statement names its partner: its display name, and its legal name (the display name when none). */
export interface PartnerName {
  name: string;
  legalName: string;
}

/**
 * Each id's names, from the platform's PartnerDirectory (one call per 500 ids it does not remember);
 * a partner the partners service no longer knows by its short id.
 */
export async function partnerNames(
  directory: PartnerDirectory,
  partnerIds: readonly string[],
  requestId: string = randomUUID(),
): Promise<Map<string, PartnerName>> {
  const known = await directory.partnersOf(partnerIds, { requestId });
  return new Map(
    partnerIds.map((id) => {
      const partner = known.get(id);
      const name = partner?.name ?? unknownPartner(id);
      return [id, { name, legalName: partner?.legalName || name }];
    }),
  );
}

/** One partner's names (or its short id). */
export async function nameOfPartner(directory: PartnerDirectory, partnerId: string): Promise<PartnerName> {
  return (await partnerNames(directory, [partnerId])).get(partnerId)!;
}
