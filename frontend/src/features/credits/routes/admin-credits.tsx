import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AllocationsTab } from '../components/allocations-tab';
import { CreditsHeading } from '../components/credits-heading';
import { CreditTabsCard } from '../components/credit-tabs';
import { LedgerTab } from '../components/ledger-tab';
import { useCreditTab } from '../lib/use-credit-tab';

const TABS = [
  { id: 'allocations', label: 'Credit Allocations', Panel: AllocationsTab },
  { id: 'ledger', label: 'Transaction Ledger', Panel: LedgerTab },
] as const;

/** Athlete Credits Management (/admin-credits, super_admin). */
export function AdminCreditsRoute() {
  const { active, setTab } = useCreditTab(TABS);
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <CreditsHeading
        overline="Admin Panel"
        title="Athlete Credits Management"
        intro="Allocate credit to athletes, trainers and coaches, and audit every purchase partners record."
        action={
          <Button
            variant="outlined"
            component={RouterLink}
            to={paths.adminAnalytics.path}
            startIcon={<ArrowBackRoundedIcon />}
          >
            Back to Admin
          </Button>
        }
      />
      <CreditTabsCard value={active.id} tabs={TABS} onChange={setTab}>
        <active.Panel />
      </CreditTabsCard>
    </Container>
  );
}
