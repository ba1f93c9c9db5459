import { paths } from '@/config/paths';
import { useT } from '@/i18n/i18n';
import { VoucherIcon } from './voucher-icon';

/** The pass's outline while the voucher loads (announced to screen readers). */
export function VoucherSkeleton() {
  const t = useT();
  return (
    <div
      className="vs-card"
      data-testid="voucher-loading"
      role="status"
      aria-live="polite"
      aria-label={t('voucher.loading')}
    >
      <div className="vs-head">
        <span className="vs-bone" style={{ width: 76, height: 76, borderRadius: 8 }} />
        <span className="vs-bone" style={{ width: '70%', height: 32, marginTop: 16 }} />
        <span className="vs-bone" style={{ width: '40%' }} />
        <span className="vs-bone" style={{ width: 140, height: 44, marginTop: 16, borderRadius: 999 }} />
      </div>
      <div className="vs-body" style={{ gap: 12 }}>
        <span className="vs-bone" style={{ width: '30%' }} />
        <span className="vs-bone" style={{ width: '80%', height: 28 }} />
        <span className="vs-bone" style={{ height: 60, marginTop: 16, borderRadius: 24 }} />
      </div>
    </div>
  );
}

/** As the first HTML says it (gateway/src/http/voucher-snapshot-card.ts), with a plain link home. */
export function VoucherNotFound() {
  const t = useT();
  return (
    <section className="vs-missing" data-testid="voucher-not-found" role="alert">
      <div className="vs-disc" aria-hidden="true">
        <VoucherIcon name="notFound" />
      </div>
      <p className="vs-missing-title">{t('voucher.notFound.title')}</p>
      <p>{t('voucher.notFound.description')}</p>
      {/* A plain link: the voucher page runs without the app's router on a member's phone. */}
      <a href={paths.landing.getHref()}>{t('voucher.notFound.action')}</a>
    </section>
  );
}

/** The voucher could not be loaded for another reason (no connection, server down): offer a retry. */
export function VoucherLoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <section className="vs-missing" data-testid="voucher-load-error" role="alert">
      <div className="vs-disc" aria-hidden="true">
        <VoucherIcon name="cloudOff" />
      </div>
      <p className="vs-missing-title">{t('voucher.loadError.title')}</p>
      <p>{t('voucher.loadError.description')}</p>
      <button type="button" className="vs-btn vs-btn-contained" onClick={onRetry}>
        {t('voucher.loadError.retry')}
      </button>
    </section>
  );
}
