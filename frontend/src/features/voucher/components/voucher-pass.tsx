import type { PublicVoucher } from '@avpass/contracts';
import type { ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import type { VoucherView } from '../lib/voucher-view';
import { TrainerHeader, VoucherLogo } from './voucher-brand';
import { VoucherPlaces } from './voucher-places';
import { VoucherTillCode } from './voucher-till-code';
import { VoucherStatusBadge } from './voucher-status-badge';

/** One field of the details list: the Detail is the <dl>'s child (a <div> of one <dt> and <dd>, for axe). */
function Detail({
  label,
  children,
  testId,
  wide = false,
}: {
  label: string;
  children: ReactNode;
  testId: string;
  /** Across both columns. */
  wide?: boolean;
}) {
  return (
    <div data-testid={testId} className={wide ? 'vs-wide' : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function TextSection({ title, children, testId }: { title: string; children: string; testId: string }) {
  return (
    <section className="vs-text" data-testid={testId} aria-label={title}>
      <h2>{title}</h2>
      <p>{children}</p>
    </section>
  );
}

/**
 * The voucher as a pass: brand header, discount, the details a cashier checks, and the action area.
 * The same elements and classes as the gateway's first HTML (gateway/src/http/voucher-snapshot-card.ts),
 * so replacing it moves nothing.
 */
export function VoucherPass({
  voucher,
  view,
  action,
}: {
  voucher: PublicVoucher;
  view: VoucherView;
  action: ReactNode;
}) {
  // A staff-only code that can be used now: the QR large where Redeem would be (issue 25).
  const tillQr = view.staffOnly && voucher.status === 'active';
  const t = useT();
  return (
    <article className="vs-card" aria-labelledby="voucher-title" data-testid="voucher-card">
      <div className="vs-head">
        {view.trainer ? (
          <TrainerHeader trainer={view.trainer} initials={view.initials} />
        ) : (
          <VoucherLogo logoUrl={voucher.logoUrl} title={view.title} initials={view.initials} />
        )}
        <h1 id="voucher-title" className="vs-title" data-testid="voucher-title">
          {view.title}
        </h1>
        <p className="vs-type" data-testid="voucher-partner-type">
          {view.partnerTypeText}
        </p>
        <div className="vs-discount" data-testid="voucher-discount">
          {view.discountText}
        </div>
      </div>

      {/* The perforation between the header and the stub: a dashed line with notches at both ends. */}
      <div className="vs-perf" aria-hidden="true">
        <div />
      </div>

      <div className="vs-body">
        <dl className="vs-dl">
          <Detail label={t('voucher.label.service')} testId="voucher-service" wide>
            {view.serviceText}
          </Detail>
          <Detail label={t('voucher.label.validUntil')} testId="voucher-valid-until">
            {view.validUntilText}
          </Detail>
          <Detail label={t('voucher.label.usage')} testId="voucher-usage">
            <span className="vs-usage">
              <span>{view.usageText}</span>
              <VoucherStatusBadge status={voucher.status} />
            </span>
          </Detail>
        </dl>

        <VoucherPlaces voucher={voucher} />

        {view.redemptionInstructions && (
          <div className="vs-instructions">
            <TextSection title={t('voucher.label.instructions')} testId="voucher-instructions">
              {view.redemptionInstructions}
            </TextSection>
          </div>
        )}

        {view.terms && (
          <TextSection title={t('voucher.label.terms')} testId="voucher-terms">
            {view.terms}
          </TextSection>
        )}

        {tillQr && <VoucherTillCode url={voucher.qrUrl} shortCode={view.shortCode} staffOnly />}

        {action}

        {/* Used up: no code to show at the till (the notice above says where and when it was used). */}
        {!tillQr && voucher.status !== 'used_up' && (
          <VoucherTillCode url={voucher.qrUrl} shortCode={view.shortCode} />
        )}
      </div>
    </article>
  );
}
