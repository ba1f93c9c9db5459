import AddRoundedIcon from '@mui/icons-material/AddRounded';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { useT } from '@/i18n/i18n';
import { useSession } from '@/lib/session/use-session';
import { CreditsHeading } from '../components/credits-heading';
import { CreditsList } from '../components/credits-list';
import { CreditTabsCard } from '../components/credit-tabs';
import { PartnerCreditFigures } from '../components/partner-credit-figures';
import { PartnerRecordDialog } from '../components/partner-record-dialog';
import { TransactionsList } from '../components/transactions-list';
import { useCreditTab } from '../lib/use-credit-tab';
import { useRecordDialog } from '../lib/use-record-dialog';

const PARTNER_TABS = [{ id: 'athletes' }, { id: 'history' }] as const;

/** Partner Credits (/partner-credits, any signed-in user; a partner sees its own). */
export function PartnerCreditsRoute() {
  const t = useT();
  const session = useSession();
  const fallback = t('credits.partner.overline');
  const company = session.status === 'signed-in' ? (session.user.companyName ?? fallback) : fallback;
  const { active, setTab } = useCreditTab(PARTNER_TABS);
  const tabs = PARTNER_TABS.map((tab) => ({ id: tab.id, label: t(`credits.tab.${tab.id}`) }));
  const record = useRecordDialog();

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, md: 5 } }}>
      <CreditsHeading
        overline={company}
        title={t('credits.partner.title')}
        intro={t('credits.partner.intro')}
        action={
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => record.open(null)}>
            {t('credits.record.title')}
          </Button>
        }
      />
      <PartnerCreditFigures />
      <CreditTabsCard value={active.id} tabs={tabs} onChange={setTab} sx={{ mt: { xs: 3, md: 4 } }}>
        {active.id === 'athletes' ? (
          <CreditsList
            role="partner"
            actions={(credit) => (
              <Button
                size="small"
                variant="contained"
                disabled={credit.currentBalance === 0 || credit.status !== 'active'}
                onClick={() => record.open(credit)}
              >
                {t('credits.partner.process')}
              </Button>
            )}
          />
        ) : (
          <TransactionsList role="partner" />
        )}
      </CreditTabsCard>
      <PartnerRecordDialog {...record.dialog} />
    </Container>
  );
}
