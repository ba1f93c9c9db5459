import { MEMBER_TAG_PATTERN, type MemberConsentFilter } from '@avpass/contracts';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useT } from '@/i18n/i18n';
import { SearchField, SortSelect } from '@/components/data-display/table-filters';
import type { MembersView } from '../lib/members-view';
import { useUrlText } from '../lib/use-url-text';

const CONSENT_FILTERS: readonly MemberConsentFilter[] = ['email', 'sms', 'none'];

/** The fields above the members list: search, tag, consent and (for the phone's cards) the sort. */
export function MembersToolbar({
  view,
  onChange,
}: {
  view: MembersView;
  onChange: (change: Partial<MembersView>) => void;
}) {
  const t = useT();
  const sortChoices = [
    { key: 'createdAt', order: 'desc', label: t('members.sort.newest') },
    { key: 'createdAt', order: 'asc', label: t('members.sort.oldest') },
    { key: 'name', order: 'asc', label: t('members.sort.nameAsc') },
    { key: 'name', order: 'desc', label: t('members.sort.nameDesc') },
  ] as const;
  const [search, setSearch] = useUrlText(view.search, (text) => onChange({ search: text }));
  const [tag, setTag] = useUrlText(view.tag, (text) => {
    const value = text.toLowerCase();
    if (!value || MEMBER_TAG_PATTERN.test(value)) onChange({ tag: value });
  });
  const tagProblem =
    tag.trim() && !MEMBER_TAG_PATTERN.test(tag.trim().toLowerCase()) ? t('members.filter.tagProblem') : '';
  return (
    <Box
      role="group"
      aria-label={t('members.filter.group')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, mb: 2, alignItems: 'flex-start' }}
    >
      <SearchField
        label={t('members.filter.search')}
        placeholder={t('members.filter.searchPlaceholder')}
        value={search}
        onChange={setSearch}
        maxLength={100}
        testId="member-search"
      />
      <TextField
        size="small"
        label={t('members.filter.tag')}
        placeholder={t('members.filter.tagPlaceholder')}
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
        label={t('members.filter.consent')}
        value={view.consent ?? ''}
        onChange={(e) =>
          onChange({ consent: (e.target.value || undefined) as MemberConsentFilter | undefined })
        }
        sx={{ minWidth: 200, width: { xs: '100%', sm: 'auto' } }}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        data-testid="member-consent-filter"
      >
        <MenuItem value="">{t('members.filter.anyConsent')}</MenuItem>
        {CONSENT_FILTERS.map((c) => (
          <MenuItem key={c} value={c}>
            {t(`members.filter.consent.${c}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ display: { xs: 'block', md: 'none' }, width: { xs: '100%', sm: 'auto' } }}>
        <SortSelect
          value={{ key: view.sort, order: view.order }}
          onChange={(s) => onChange({ sort: s.key, order: s.order })}
          choices={sortChoices}
          sx={{ width: { xs: '100%', sm: 'auto' } }}
        />
      </Box>
    </Box>
  );
}
