import { useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useT } from '@/i18n/i18n';
import { errorMessageOf } from '@/lib/api-client';
import { googleWalletSaveUrl, useWalletAvailability, WALLET_URLS } from '../api/wallet';
import { walletBadgeOrder, type WalletKind } from '../lib/wallet-offer';
import { AppleWalletArt, GoogleWalletArt } from './wallet-badge-art';

/**
 * "Add to Apple Wallet": a plain link to the signed pass, which Safari on an iPhone opens in Wallet.
 * A link, not a fetch: Wallet takes the pass only from a navigation.
 */
function AppleWalletBadge({ voucherId }: { voucherId: string }) {
  const t = useT();
  return (
    <a
      href={WALLET_URLS.applePass(voucherId)}
      aria-label={t('voucher.wallet.apple')}
      data-testid="apple-wallet-badge"
    >
      <AppleWalletArt height={40} />
    </a>
  );
}

/**
 * "Save to Google Wallet": asks the gateway for the signed save address when tapped (it is made per
 * voucher, and a page that is only looked at never signs one), then goes there.
 */
function GoogleWalletBadge({ voucherId }: { voucherId: string }) {
  const { toast } = useToast();
  const t = useT();
  const [pending, setPending] = useState(false);

  async function save() {
    if (pending) return;
    setPending(true);
    try {
      window.location.assign(await googleWalletSaveUrl(voucherId));
    } catch (error) {
      toast({
        title: t('voucher.wallet.googleMissing'),
        description: errorMessageOf(error, t('voucher.wallet.googleFailed')),
        kind: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void save()}
      aria-label={t('voucher.wallet.google')}
      aria-busy={pending}
      data-testid="google-wallet-badge"
    >
      <GoogleWalletArt height={48} />
    </button>
  );
}

const BADGES: Record<WalletKind, (props: { voucherId: string }) => React.JSX.Element> = {
  apple: AppleWalletBadge,
  google: GoogleWalletBadge,
};

/**
 * The wallet badges of a voucher that can still be used (issue 29): those the deployment is
 * configured for, the phone's own wallet first. Nothing until the gateway says which wallets there
 * are; the voucher itself never waits for that answer.
 */
export function WalletBadges({ voucherId }: { voucherId: string }) {
  const available = useWalletAvailability();
  const kinds = available ? walletBadgeOrder(navigator.userAgent, available) : [];
  if (kinds.length === 0) return null;
  return (
    <div className="vs-wallet" data-testid="wallet-badges">
      {kinds.map((kind) => {
        const Badge = BADGES[kind];
        return <Badge key={kind} voucherId={voucherId} />;
      })}
    </div>
  );
}
