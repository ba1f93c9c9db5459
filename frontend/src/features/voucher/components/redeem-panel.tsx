import type { PublicVoucher } from '@avpass/contracts';
import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useRedeemVoucher } from '@/lib/vouchers-api/redeem-voucher';
import { apiErrorText } from '@/i18n/api-error-text';
import { useWords } from '@/i18n/i18n';
import { isUnconfirmedRedeem, useRedeemIntent } from '../lib/redeem-intent';
import type { VoucherView } from '../lib/voucher-view';
import { RedemptionProof, usedUpText } from './redemption-proof';
import { VoucherIcon } from './voucher-icon';

/**
 * The Redeem button (only while the server says the voucher is active), the one question it asks
 * before it counts a use, the spec's toasts, and a confirmation the cashier can read afterwards.
 */
export function RedeemPanel({ voucher, view }: { voucher: PublicVoucher; view: VoucherView }) {
  const { toast } = useToast();
  const words = useWords();
  const { t } = words;
  const redeem = useRedeemVoucher(voucher.id);
  const [redeemedAt, setRedeemedAt] = useState<Date | null>(null);
  // A stray tap at home must not use the voucher: Redeem asks once, the till confirms.
  const [confirming, setConfirming] = useState(false);
  const intent = useRedeemIntent(voucher.id);
  // Optional: the sale rung up at the till, in dollars as typed (sent as cents).
  const [sale, setSale] = useState('');
  const cents = saleCents(sale);
  // Used up: where and when it was last used, in the notice that says so (not a second box).
  const usedUp = voucher.status === 'used_up' ? usedUpText(voucher, words) : null;

  function onConfirm() {
    if (cents === null) return;
    setConfirming(false);
    // One key per redeem intent, kept until a definitive answer: pressing again after a 503, a
    // timeout or a lost connection asks about the same redemption instead of making a second one.
    redeem.mutate(
      { key: intent.key(), ...(cents !== undefined ? { transactionAmount: cents } : {}) },
      {
        onSuccess: () => {
          intent.settle();
          setRedeemedAt(new Date());
          toast({ title: t('voucher.toast.redeemed'), description: view.redeemedDescription });
        },
        onError: (error) => {
          if (isUnconfirmedRedeem(error)) {
            toast({
              title: t('voucher.toast.unconfirmed'),
              description: t('voucher.toast.unconfirmedText'),
              kind: 'destructive',
            });
            return;
          }
          intent.settle();
          toast({
            title: t('voucher.toast.failed'),
            description: apiErrorText(error, t('voucher.toast.failedText')),
            kind: 'destructive',
          });
        },
      },
    );
  }

  return (
    <div className="vs-action">
      <RedemptionProof voucher={voucher} redeemedHereAt={redeemedAt} />
      {view.canRedeem && confirming ? (
        <div
          className="vs-confirm"
          role="group"
          aria-labelledby="redeem-question"
          data-testid="redeem-confirm"
        >
          <div id="redeem-question" className="vs-confirm-q">
            <p className="vs-h6">{t('voucher.redeem.question')}</p>
            <p>{view.redeemQuestion}</p>
          </div>
          <label htmlFor="sale-amount">{t('voucher.redeem.saleLabel')}</label>
          <input
            id="sale-amount"
            className="vs-input"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={sale}
            onChange={(event) => setSale(event.target.value)}
            aria-invalid={cents === null}
            aria-describedby="sale-amount-help"
            data-testid="sale-amount"
          />
          <p id="sale-amount-help" className={cents === null ? 'vs-field-help vs-error' : 'vs-field-help'}>
            {cents === null ? t('voucher.redeem.saleError') : t('voucher.redeem.saleHelp')}
          </p>
          <button
            type="button"
            className="vs-btn vs-btn-cta"
            disabled={cents === null}
            onClick={onConfirm}
            data-testid="redeem-confirm-button"
          >
            {t('voucher.redeem.confirm')}
          </button>
          <button type="button" className="vs-btn vs-btn-text" onClick={() => setConfirming(false)}>
            {t('voucher.redeem.cancel')}
          </button>
        </div>
      ) : view.canRedeem ? (
        <button
          type="button"
          className="vs-btn vs-btn-cta"
          onClick={() => setConfirming(true)}
          disabled={redeem.isPending}
          data-testid="redeem-button"
        >
          {redeem.isPending && (
            <span className="vs-spin" role="progressbar" aria-label={t('voucher.redeem.busy')} />
          )}
          {redeem.isPending ? t('voucher.redeem.pending') : view.redeemLabel}
        </button>
      ) : (
        view.refusal && (
          <div
            className={
              voucher.status === 'used_up' || voucher.status === 'upcoming'
                ? 'vs-alert vs-alert-info'
                : 'vs-alert'
            }
            role="alert"
            data-testid="redeem-unavailable"
          >
            <VoucherIcon name="block" />
            <div>
              <div className="vs-alert-title">{view.unavailableTitle}</div>
              {usedUp && !redeemedAt ? (
                <>
                  <strong data-testid="voucher-last-redemption">{usedUp}</strong>
                  {view.refusal}
                </>
              ) : (
                view.refusal
              )}
            </div>
          </div>
        )
      )}
    </div>
  );
}

/** '' -> undefined (no sale given), '45.5' or '$45.50' -> 4550 cents, anything else -> null. */
function saleCents(text: string): number | null | undefined {
  if (!text.trim()) return undefined;
  // Dollars and at most two decimals, read as text (no binary rounding); kept tiny for this page's budget.
  const m = /^\s*\$?(\d{1,7})(?:\.(\d{0,2}))?\s*$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
