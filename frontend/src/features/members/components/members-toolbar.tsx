import { MEMBER_TAG_MESSAGE, MEMBER_TAG_PATTERN, type MemberConsentFilter } from '@avpass/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { SearchField, SortSelect } from '@/components/data-display/table-filters';
import type { MembersView } from '../lib/members-view';
import { useUrlText } from '../lib/use-url-text';

const CONSENT_WORDS: Record<MemberConsentFilter, string> = {
  email: 'E-mail consent given',
  sms: 'SMS consent given',
  none: 'No consent',
};

const SORT_CHOICES = [
  { key: 'createdAt', order: 'desc', label: 'Newest first' },
  { key: 'createdAt', order: 'asc', label: 'Oldest first' },
  { key: 'name', order: 'asc', label: 'Name (A–Z)' },
  { key: 'name', order: 'desc', label: 'Name (Z–A)' },
] as const;

/** The fields above the members list: search, tag, consent and (for the phone's cards) the sort. */
export function MembersToolbar({
  view,
  onChange,
}: {
  view: MembersView;
  onChange: (change: Partial<MembersView>) => void;
}) {
  const [search, setSearch] = useUrlText(view.search, (text) => onChange({ search: text }));
  const [tag, setTag] = useUrlText(view.tag, (text) => {
    const value = text.toLowerCase();
    if (!value || MEMBER_TAG_PATTERN.test(value)) onChange({ tag: value });
  });
  const tagProblem =
    tag.trim() && !MEMBER_TAG_PATTERN.test(tag.trim().toLowerCase()) ? MEMBER_TAG_MESSAGE : '';
  return (
    <Box
      role="group"
      aria-label="Search and filter the members"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
    >
      <SearchField
        label="Search"
        placeholder="Name, e-mail or phone"
        value={search}
        onChange={setSearch}
        maxLength={100}
        testId="member-search"
      />
      <TextField
        size="small"
        label="Tag"
        placeholder="athlete"
        value={tag}
        onChange={(e) => setTag(e.target.value)}
        error={Boolean(tagProblem)}
        helperText={tagProblem || undefined}
        sx={{ width: { xs: '100%', sm: 200 } }}
        slotProps={{ htmlInput: { maxLength: 30, 'data-testid': 'member-tag-filter' } }}
      />
      <TextField
        select
        size="small"
        label="Consent"
        value={view.consent ?? ''}
        onChange={(e) =>
          onChange({ consent: (e.target.value || undefined) as MemberConsentFilter | undefined })
        }
        sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="member-consent-filter"
      >
        <MenuItem value="">Any consent</MenuItem>
        {(Object.keys(CONSENT_WORDS) as MemberConsentFilter[]).map((c) => (
          <MenuItem key={c} value={c}>
            {CONSENT_WORDS[c]}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: { xs: 'block', md: 'none' }, width: { xs: '100%', sm: 'auto' } }}>
        <SortSelect
          value={{ key: view.sort, order: view.order }}
          onChange={(s) => onChange({ sort: s.key, order: s.order })}
          choices={SORT_CHOICES}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        />
      </Box>
    </Box>
  );
}
