import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { AllocationsTab } from '../components/allocations-tab';
import { CreditsHeading } from '../components/credits-heading';
import { CreditTabsCard } from '../components/credit-tabs';
import { LedgerTab } from '../components/ledger-tab';
import { useCreditTab } from '../lib/use-credit-tab';

const TABS = [
  { id: 'allocations', Panel: AllocationsTab },
  { id: 'ledger', Panel: LedgerTab },
] as const;

/** Athlete Credits Management (/admin-credits, super_admin). */
export function AdminCreditsRoute() {
  const t = useT();
  const { active, setTab } = useCreditTab(TABS);
  const tabs = TABS.map((tab) => ({ id: tab.id, label: t(`credits.tab.${tab.id}`) }));
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <CreditsHeading
        overline={t('credits.admin.overline')}
        title={t('credits.admin.title')}
        intro={t('credits.admin.intro')}
        action={
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.adminAnalytics.path}
            startIcon={<ArrowBackRoundedIcon />}
          >
            {t('credits.admin.back')}
          </Button>
        }
      />
      <CreditTabsCard value={active.id} tabs={tabs} onChange={setTab}>
        <active.Panel />
      </CreditTabsCard>
    </Container>
  );
}
