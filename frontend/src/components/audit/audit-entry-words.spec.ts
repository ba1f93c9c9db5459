import { auditChangeLines, describeAuditEntry, type DescribableAuditEntry } from '@avpass/contracts';
import { describe, expect, it } from 'vitest';
import { wordsIn } from '@/i18n/test-words';

/** The audit lists' words come with the staff words (issue 42): every screen with an audit list has them. */
const deleted: DescribableAuditEntry = {
  action: 'inventory.item.deleted',
  actorType: 'system',
  actorId: null,
  actorName: null,
  ip: null,
  targetType: 'merch-item',
  targetId: 'i1',
  changes: { name: { before: 'Water bottle', after: null }, price: { before: 1500, after: null } },
};

describe('the audit list in the chosen language', () => {
  it('reads its sentences and change lines in Spanish from the staff words', async () => {
    const words = await wordsIn('es');
    expect(describeAuditEntry(deleted, words).text).toBe('El sistema eliminó el artículo Water bottle');
    expect(auditChangeLines(deleted.changes, 'America/New_York', words)).toEqual([
      { field: 'name', label: 'Nombre', before: 'Water bottle', after: '—' },
      { field: 'price', label: 'Precio', before: '$15.00', after: '—' },
    ]);
  });

  it('and in English as before', async () => {
    const words = await wordsIn('en');
    expect(describeAuditEntry(deleted, words).text).toBe('The system deleted the item Water bottle');
    expect(auditChangeLines(deleted.changes, 'America/New_York', words)[1]?.label).toBe('Price');
  });
});
