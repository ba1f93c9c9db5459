import type { PartnerDirectory } from '@avpass/platform';
import { randomUUID } from 'node:crypto';

/** A deleted partner keeps its statements: it is then named by its short id. */
export const unknownPartner = (partnerId: string) => `Partner ${partnerId.slice(0, 8)}`;

/**
 * Each id's name, from the platform's PartnerDirectory (one call per 500 ids it does not remember);
 * a partner the partners service no longer knows by its short id.
 */
export async function partnerNames(
  directory: PartnerDirectory,
  partnerIds: readonly string[],
  requestId: string = randomUUID(),
): Promise<Map<string, string>> {
  const known = await directory.namesOf(partnerIds, { requestId });
  return new Map(partnerIds.map((id) => [id, known.get(id) ?? unknownPartner(id)]));
}

/** One partner's name (or its short id). */
export async function nameOfPartner(directory: PartnerDirectory, partnerId: string): Promise<string> {
  return (await partnerNames(directory, [partnerId])).get(partnerId)!;
}
