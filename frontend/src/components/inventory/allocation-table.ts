/** The sort field's choices (a phone has no headers to press). */
export const ALLOCATION_SORT_CHOICES = [
  { key: 'allocatedAt', order: 'desc', label: 'Newest first' },
  { key: 'allocatedAt', order: 'asc', label: 'Oldest first' },
  { key: 'quantity', order: 'desc', label: 'Quantity (most first)' },
  { key: 'quantity', order: 'asc', label: 'Quantity (fewest first)' },
] as const;
export const ALLOCATION_STATUS_LABELS = { active: 'Active', removed: 'Removed' } as const;
