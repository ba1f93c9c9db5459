/** A suggestion of the audit person picker: picking it filters by the id. */
export interface AuditPickerPerson {
  id: string;
  name: string;
}

/**
 * The picker's suggestions: the people in the trail on screen, then every user whose username starts
 * with what was typed (GET /api/audit/people, decision 165), each person once.
 */
export function mergePeople(
  inTrail: readonly AuditPickerPerson[],
  found: ReadonlyArray<{ id: string; name: string; username: string }>,
): AuditPickerPerson[] {
  const people = [...inTrail];
  for (const user of found) {
    if (people.some((p) => p.id === user.id)) continue;
    people.push({
      id: user.id,
      name: user.name === user.username ? user.name : `${user.name} (${user.username})`,
    });
  }
  return people;
}
