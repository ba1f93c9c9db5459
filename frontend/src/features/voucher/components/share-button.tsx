import { useEffect, useRef, useState } from 'react';
import { useToast } from '@/components/toast/toast-context';
import { useT } from '@/i18n/i18n';
import { shareLink, type SharedLink } from '../lib/share-link';
import { VoucherIcon } from './voucher-icon';

/**
 * "Share" (issue 29): the phone's share sheet with the voucher's link, so a member can send it to
 * themselves or keep it in a chat; where there is no share sheet, the link is copied ("Link copied"),
 * and where the clipboard is refused too, it is shown selected to copy by hand.
 */
export function ShareButton({ link }: { link: SharedLink }) {
  const { toast } = useToast();
  const t = useT();
  const [manual, setManual] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (manual) field.current?.select();
  }, [manual]);

  async function share() {
    // Straight from the tap: Safari allows the share sheet and the clipboard only inside the gesture.
    const outcome = await shareLink(link, navigator);
    if (outcome === 'copied') {
      toast({ title: t('voucher.share.copied'), description: t('voucher.share.copiedText') });
    } else if (outcome === 'manual') {
      setManual(true);
      field.current?.select();
    }
  }

  return (
    <div className="vs-share">
      <button
        type="button"
        className="vs-btn vs-btn-glass"
        onClick={() => void share()}
        data-testid="share-button"
      >
        <VoucherIcon name="share" className="vs-icon" />
        {t('voucher.share.button')}
      </button>
      {manual && (
        <input
          ref={field}
          readOnly
          value={link.url}
          aria-label={t('voucher.share.field')}
          data-testid="share-link-field"
          onFocus={(event) => event.currentTarget.select()}
        />
      )}
    </div>
  );
}
