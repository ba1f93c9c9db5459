import SearchRoundedIcon from '@mui/icons-material/SearchRounded';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Container from '@mui/material/Container';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { usePaging } from '@/components/data-display/pager';
import { useCodesTable } from '@/components/vouchers/codes-table';
import { useCompanyRedemptions, useCompanyStats } from '@/lib/vouchers-api';
import { useSession } from '@/lib/session/use-session';
import { PageHeading } from '../components/page-heading';
import { QrCodesPanel } from '../components/qr-codes-panel';
import { CompanyStatCards, PANEL_STATS } from '../components/company-stat-cards';
import { UsageHistoryPanel } from '../components/usage-history-panel';
import { ActivityPanel } from '../components/activity-panel';
import { useWords } from '@/i18n/i18n';
import { formatNumberIn } from '@avpass/domain';

type TabId = 'codes' | 'usage' | 'activity';

/** Company admin panel (company_admin; the router applies the denial): search, select, ZIPs, usage history. */
export function CompanyAdminRoute() {
  const session = useSession();
  const { t, language } = useWords();
  const [tab, setTab] = useState<TabId>('codes');
  // The codes table's search, sort, status filter and page live in the URL (issue 27); the search
  // box serves the usage history too.
  const codesTable = useCodesTable('company');
  const { table, query: codes } = codesTable;
  const search = table.search ?? '';
  const usagePaging = usePaging();
  const [usageSearch, setUsageSearch] = useState(search);
  if (usageSearch !== search) {
    setUsageSearch(search);
    usagePaging.reset();
  }
  const stats = useCompanyStats();
  const redemptions = useCompanyRedemptions({
    limit: usagePaging.limit,
    offset: usagePaging.offset,
    search: search || undefined,
  });

  if (session.status !== 'signed-in') return null;
  const company = session.user.companyName ?? t('dashboard.company.yours');
  const count = (total: number | undefined) => (total === undefined ? '…' : formatNumberIn(language, total));

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 6 } }}>
      <PageHeading
        overline={t('dashboard.admin.overline')}
        title={t('dashboard.admin.title', { company })}
        subtitle={t('dashboard.admin.intro')}
      />
      <CompanyStatCards query={stats} stats={PANEL_STATS} />

      <Box sx={{ mt: { xs: 3, md: 4 }, mb: 2 }}>
        <TextField
          type="search"
          label={t('dashboard.codes.search')}
          placeholder={t('dashboard.admin.searchHint')}
          value={table.searchText}
          onChange={(event) => table.setSearchText(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchRoundedIcon />
                </InputAdornment>
              ),
            },
            htmlInput: { 'data-testid': 'company-search', maxLength: 100 },
            // The resting label sits on the page's grey: the secondary text colour is 4.27:1 there (axe).
            inputLabel: { sx: { color: 'text.primary' } },
          }}
          sx={{ maxWidth: { md: 480 } }}
        />
      </Box>

      <Card sx={{ overflow: 'visible' }}>
        <Tabs
          value={tab}
          onChange={(_event, next: TabId) => setTab(next)}
          aria-label={t('dashboard.admin.tabs')}
          variant="fullWidth"
          sx={{
            px: { xs: 0.5, sm: 2 },
            '& .MuiTab-root': { px: { xs: 1, sm: 2 }, fontSize: { xs: '0.85rem', sm: '0.95rem' } },
          }}
        >
          <Tab
            value="codes"
            label={t('dashboard.admin.tab.codes', { count: count(codes.data?.total) })}
            id="company-tab-codes"
            aria-controls="company-panel-codes"
          />
          <Tab
            value="usage"
            label={t('dashboard.admin.tab.usage', { count: count(redemptions.data?.total) })}
            id="company-tab-usage"
            aria-controls="company-panel-usage"
          />
          <Tab
            value="activity"
            label={t('dashboard.admin.tab.activity')}
            id="company-tab-activity"
            aria-controls="company-panel-activity"
          />
        </Tabs>
        <Box
          role="tabpanel"
          id={`company-panel-${tab}`}
          aria-labelledby={`company-tab-${tab}`}
          sx={{ py: { xs: 1.5, sm: 3 }, px: { xs: 0, md: 3 } }}
        >
          {tab === 'activity' ? (
            <ActivityPanel companyName={company} />
          ) : tab === 'codes' ? (
            <QrCodesPanel codes={codesTable} />
          ) : (
            <UsageHistoryPanel query={redemptions} search={search} paging={usagePaging} />
          )}
        </Box>
      </Card>
    </Container>
  );
}
