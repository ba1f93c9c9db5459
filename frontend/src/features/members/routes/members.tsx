import PersonAddAlt1RoundedIcon from '@mui/icons-material/PersonAddAlt1Rounded';
import UploadFileRoundedIcon from '@mui/icons-material/UploadFileRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listStateOf } from '@/components/data-display/list-state';
import { useT } from '@/i18n/i18n';
import { useMembers } from '@/lib/members-api';
import { ImportMembersDialog } from '../components/import-members-dialog';
import { MemberFormDialog } from '../components/member-form-dialog';
import { ScreenHeading } from '@/components/data-display/screen-heading';
import { MembersPager } from '../components/members-pager';
import { MembersTable } from '../components/members-table';
import { MembersToolbar } from '../components/members-toolbar';
import {
  cursorOf,
  listQueryOf,
  rememberNextCursor,
  searchFromView,
  toggledSort,
  viewFromSearch,
  type MembersView,
} from '../lib/members-view';

/** The club's members (/members, super_admin): search, filter by tag and consent, sort, keyset pages. */
export function MembersRoute() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const view = viewFromSearch(params);
  const cursor = cursorOf(view);
  // A page whose cursor is unknown (a reloaded link to a later page) starts again at the first.
  const lost = view.page > 0 && !cursor;
  const query = useMembers({ ...listQueryOf(view), ...(cursor ? { cursor } : {}) }, !lost);
  const items = query.data?.items ?? [];
  const nextCursor = query.isPlaceholderData ? null : (query.data?.nextCursor ?? null);
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null);
  useEffect(() => rememberNextCursor(view, nextCursor));

  /** A change of the view; anything but the page starts again at the first page. */
  const update = (change: Partial<MembersView>, push = false) =>
    setParams(searchFromView({ ...view, page: 0, ...change }), { replace: !push });
  useEffect(() => {
    if (lost) update({ page: 0 });
  });
  const filtered = Boolean(view.search || view.tag || view.consent);

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <ScreenHeading
        overline={t('members.list.overline')}
        title={t('members.list.title')}
        intro={t('members.list.intro')}
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="outlined"
              startIcon={<UploadFileRoundedIcon />}
              onClick={() => setDialog('import')}
              data-testid="import-members"
            >
              {t('members.list.import')}
            </Button>
            <Button
              variant="contained"
              startIcon={<PersonAddAlt1RoundedIcon />}
              onClick={() => setDialog('new')}
              data-testid="new-member"
            >
              {t('members.list.new')}
            </Button>
          </Stack>
        }
      />
      <MembersToolbar view={view} onChange={(change) => update(change)} />
      <Paper variant="outlined">
        <MembersTable
          items={items}
          state={listStateOf({ ...query, isPending: query.isPending || lost })}
          error={query.error}
          emptyText={filtered ? t('members.list.emptyFiltered') : t('members.list.empty')}
          onRetry={() => void query.refetch()}
          sort={view}
          onSort={(key) => update(toggledSort(view, key))}
        />
        <MembersPager
          page={view.page}
          pageSize={view.pageSize}
          shown={items.length}
          hasNext={Boolean(nextCursor)}
          onPageChange={(page) => update({ page }, true)}
          onPageSizeChange={(pageSize) => update({ pageSize })}
        />
      </Paper>
      <MemberFormDialog open={dialog === 'new'} member={null} onClose={() => setDialog(null)} />
      <ImportMembersDialog open={dialog === 'import'} onClose={() => setDialog(null)} />
    </Container>
  );
}
