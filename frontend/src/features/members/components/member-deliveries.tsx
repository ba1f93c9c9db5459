import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { errorMessageOf } from '@/lib/api-client';
import { useMemberDeliveries, type DeliveryStatus, type MemberDelivery } from '../api/get-member-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { dateTime } from './member-facts';
import { MemberSection } from './member-section';

const STATUS_WORDS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  delivered: 'Delivered',
  bounced: 'Bounced',
  failed: 'Failed',
};
const STATUS_COLORS = {
  queued: 'default',
  sent: 'info',
  delivered: 'success',
  bounced: 'warning',
  failed: 'error',
} as const;

/** A failed or bounced message may be sent again (the server checks the consent once more). */
const RESENDABLE: ReadonlySet<DeliveryStatus> = new Set(['failed', 'bounced']);

/** When the line last moved: delivered, else sent, else recorded. */
const lastMoved = (d: MemberDelivery) => d.deliveredAt ?? d.sentAt ?? d.createdAt;

function ResendButton({ memberId, delivery }: { memberId: string; delivery: MemberDelivery }) {
  const resend = useResendDelivery(memberId);
  const { toast } = useToast();
  const channel = delivery.channel === 'email' ? 'e-mail' : 'SMS';
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={resend.isPending}
      aria-label={`Resend the ${channel}`}
      data-testid="delivery-resend"
      onClick={() =>
        resend.mutate(delivery.id, {
          onSuccess: () => toast({ title: 'Sent again', description: `The ${channel} is queued again.` }),
          onError: (error) =>
            toast({
              title: 'Not sent again',
              description: errorMessageOf(error, 'The message could not be sent again. Please try again.'),
              kind: 'destructive',
            }),
        })
      }
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
    >
      {resend.isPending ? 'Resending…' : 'Resend'}
    </Button>
  );
}

function DeliveryLine({ memberId, delivery }: { memberId: string; delivery: MemberDelivery }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ alignItems: { sm: 'center' }, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="member-delivery"
    >
      <Typography variant="body2" sx={{ minWidth: 60, fontWeight: 600 }}>
        {delivery.channel === 'email' ? 'E-mail' : 'SMS'}
      </Typography>
      <Chip
        size="small"
        label={STATUS_WORDS[delivery.status]}
        color={STATUS_COLORS[delivery.status]}
        // Filled where it needs the administrator (an outlined amber "Bounced" fails contrast, axe).
        variant={RESENDABLE.has(delivery.status) ? 'filled' : 'outlined'}
        sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
      />
      <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
        {delivery.address && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            To {delivery.address}
          </Typography>
        )}
        {delivery.publicId ? (
          <Link
            component={RouterLink}
            to={paths.voucher.getHref(delivery.publicId)}
            target="_blank"
            rel="noopener"
          >
            Voucher {delivery.publicId.slice(0, 8)}
          </Link>
        ) : (
          'A voucher'
        )}
        {delivery.reason && (
          <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
            {delivery.reason}
          </Typography>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {dateTime(lastMoved(delivery))}
      </Typography>
      {RESENDABLE.has(delivery.status) && <ResendButton memberId={memberId} delivery={delivery} />}
    </Stack>
  );
}

/** The vouchers sent to the member, per channel, with the provider's status (GET …/deliveries). */
export function MemberDeliveries({ memberId }: { memberId: string }) {
  const query = useMemberDeliveries(memberId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <MemberSection
      title="E-mails and SMS"
      testId="member-deliveries"
      query={query}
      count={items.length}
      emptyText="Nothing has been sent to this member yet."
      unavailableText="Delivery status is not available on this server yet."
    >
      {items.map((d) => (
        <DeliveryLine key={d.id} memberId={memberId} delivery={d} />
      ))}
    </MemberSection>
  );
}
