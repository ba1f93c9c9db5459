import ArrowBackRoundedIcon from '@mui/icons-material/ArrowBackRounded';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { LoadingState } from '@/components/feedback/loading-state';
import { paths } from '@/config/paths';
import { ApiError, errorMessageOf } from '@/lib/api-client';
import { memberName } from '@/lib/members-api';
import { useMember } from '../api/get-member';
import { MemberActions } from '../components/member-actions';
import { MemberCredits } from '../components/member-credits';
import { MemberDeliveries } from '../components/member-deliveries';
import { MemberFacts } from '../components/member-facts';
import { MemberHistory } from '../components/member-history';
import { ScreenHeading } from '@/components/data-display/screen-heading';
import { MemberVouchers } from '../components/member-vouchers';

/** One member (/members/:id): fields, consent, vouchers, athlete credits, deliveries, history; edit, export, merge, erase. */
export function MemberDetailRoute() {
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
      All members
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
              {gone
                ? 'There is no such member: they may have been merged into another or erased.'
                : errorMessageOf(query.error, 'The member could not be loaded.')}
            </Alert>
            {back}
          </Stack>
        ) : (
          <LoadingState message="Loading the member..." />
        )}
      </Container>
    );
  }
  return (
    <Container maxWidth="lg" sx={{ py: { xs: 3, md: 5 } }}>
      <ScreenHeading overline="Member" title={memberName(member)} action={back} />
      <Stack sx={{ mb: 3 }}>
        <MemberActions member={member} />
      </Stack>
      <MemberFacts member={member} />
      <MemberVouchers memberId={member.id} />
      <MemberCredits memberId={member.id} />
      <MemberDeliveries memberId={member.id} />
      <MemberHistory memberId={member.id} />
    </Container>
  );
}
