import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useToast } from '@/components/toast/toast-context';
import { paths } from '@/config/paths';
import { apiErrorText } from '@/i18n/api-error-text';
import { useLanguage, useT } from '@/i18n/i18n';
import { useMemberDeliveries, type DeliveryStatus, type MemberDelivery } from '../api/get-member-deliveries';
import { useResendDelivery } from '../api/resend-delivery';
import { dateTimeIn } from './member-facts';
import { MemberSection } from './member-section';

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
  const t = useT();
  const channel = delivery.channel;
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={resend.isPending}
      aria-label={t('members.delivery.resendLabel', { channel })}
      data-testid="delivery-resend"
      onClick={() =>
        resend.mutate(delivery.id, {
          onSuccess: () =>
            toast({
              title: t('members.delivery.resent'),
              description: t('members.delivery.resentText', { channel }),
            }),
          onError: (error) =>
            toast({
              title: t('members.delivery.notResent'),
              description: apiErrorText(error, t('members.delivery.notResentText')),
              kind: 'destructive',
            }),
        })
      }
      sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
    >
      {resend.isPending ? t('members.delivery.resending') : t('members.delivery.resend')}
    </Button>
  );
}

function DeliveryLine({ memberId, delivery }: { memberId: string; delivery: MemberDelivery }) {
  const t = useT();
  const language = useLanguage();
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0.5, sm: 2 }}
      sx={{ alignItems: { sm: 'center' }, py: 1, borderTop: 1, borderColor: 'divider' }}
      data-testid="member-delivery"
    >
      <Typography variant="body2" sx={{ minWidth: 60, fontWeight: 600 }}>
        {t(`members.channel.${delivery.channel}`)}
      </Typography>
      <Chip
        size="small"
        label={t(`members.delivery.status.${delivery.status}`)}
        color={STATUS_COLORS[delivery.status]}
        // Filled where it needs the administrator (an outlined amber "Bounced" fails contrast, axe).
        variant={RESENDABLE.has(delivery.status) ? 'filled' : 'outlined'}
        sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
      />
      <Typography variant="body2" sx={{ flex: 1, overflowWrap: 'anywhere' }}>
        {delivery.address && (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {t('members.delivery.to', { address: delivery.address })}
          </Typography>
        )}
        {delivery.publicId ? (
          <Link
            component={RouterLink}
            to={paths.voucher.getHref(delivery.publicId)}
            target="_blank"
            rel="noopener"
          >
            {t('members.delivery.voucher', { id: delivery.publicId.slice(0, 8) })}
          </Link>
        ) : (
          t('members.delivery.aVoucher')
        )}
        {delivery.reason && (
          <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
            {delivery.reason}
          </Typography>
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {dateTimeIn(language, lastMoved(delivery))}
      </Typography>
      {RESENDABLE.has(delivery.status) && <ResendButton memberId={memberId} delivery={delivery} />}
    </Stack>
  );
}

/** The vouchers sent to the member, per channel, with the provider's status (GET …/deliveries). */
export function MemberDeliveries({ memberId }: { memberId: string }) {
  const t = useT();
  const query = useMemberDeliveries(memberId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <MemberSection
      title={t('members.deliveries.title')}
      testId="member-deliveries"
      query={query}
      count={items.length}
      emptyText={t('members.deliveries.empty')}
      unavailableText={t('members.deliveries.unavailable')}
    >
      {items.map((d) => (
        <DeliveryLine key={d.id} memberId={memberId} delivery={d} />
      ))}
    </MemberSection>
  );
}
