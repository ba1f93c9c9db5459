import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/feedback/loading-state';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { apiErrorText } from '@/i18n/api-error-text';
import { ApiError } from '@/lib/api-client';
import { memberName } from '@/lib/members-api';
import { useMember } from '../api/get-member';
import { MemberActions } from '../components/member-actions';
import { MemberCredits } from '../components/member-credits';
import { MemberDeliveries } from '../components/member-deliveries';
import { MemberFacts } from '../components/member-facts';
import { MemberHistory } from '../components/member-history';
import { MemberPhoto } from '../components/member-photo';
import { ScreenHeading } from '@/components/data-display/screen-heading';
import { MemberVouchers } from '../components/member-vouchers';

/** One member (/members/:id): photo, fields, consent, vouchers, athlete credits, deliveries, history; edit, export, merge, erase. */
export function MemberDetailRoute() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useMember(id);
  const member = query.data;

  const back = (
    <Button
      variant="outlined"
      component={RouterLink}
      to={paths.members.path}
      startIcon={<ArrowBackRoundedIcon />}
    >
      {t('members.detail.back')}
    </Button>
  );
  if (!member) {
    const gone =
      query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
        {query.isError ? (
          <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
            <Alert severity={gone ? 'info' : 'error'} data-testid="member-missing">
              {gone ? t('members.detail.gone') : apiErrorText(query.error, t('members.detail.loadFailed'))}
            </Alert>
            {back}
          </Stack>
        ) : (
          <LoadingState message={t('members.detail.loading')} />
        )}
      </Container>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ScreenHeading overline={t('members.detail.overline')} title={memberName(member)} action={back} />
      <Stack sx={{ mb: 3 }}>
        <MemberActions member={member} />
      </Stack>
      <MemberPhoto member={member} />
      <MemberFacts member={member} />
      <MemberVouchers memberId={member.id} />
      <MemberCredits memberId={member.id} />
      <MemberDeliveries memberId={member.id} />
      <MemberHistory memberId={member.id} />
    </Container>
  );
}
