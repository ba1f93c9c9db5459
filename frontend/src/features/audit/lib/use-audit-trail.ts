import { describeAuditActor, type AuditEntryView } from '@avpass/contracts';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  filtersFromSearch,
  queryFromFilters,
  searchFromFilters,
  useAuditEntries,
  type AuditPickerPerson as Person,
  type AuditFilterValues,
} from '@/lib/audit-api';

/** The people in the entries on screen: the person picker's suggestions (an id typed in also works). */
function peopleOf(entries: readonly AuditEntryView[]): Person[] {
  const people = new Map<string, string>();
  for (const entry of entries) {
    if (entry.actorType === 'user' && entry.actorId) people.set(entry.actorId, describeAuditActor(entry));
  }
  return [...people].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The audit trail's filters, kept in the URL (so a code's "History" link opens on them), their query
 * and its entries, newest first; `appliedKey` changes with the URL's filters, `apply` sets new ones.
 */
export function useAuditTrail() {
  const [searchParams, setSearchParams] = useSearchParams();
  const applied = filtersFromSearch(searchParams);
  const appliedKey = searchFromFilters(applied).toString();
  const query = queryFromFilters(applied);
  const entries = useAuditEntries(query);
  const loaded = entries.data?.pages;
  const people = useMemo(() => peopleOf(loaded?.flatMap((page) => page.items) ?? []), [loaded]);
  const apply = (values: AuditFilterValues) => setSearchParams(searchFromFilters(values));
  return { applied, appliedKey, query, entries, people, apply };
}
