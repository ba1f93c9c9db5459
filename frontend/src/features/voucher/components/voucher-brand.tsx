import { useState, type ReactNode } from 'react';
import { useT } from '@/i18n/i18n';
import type { VoucherView } from '../lib/voucher-view';

/** A picture in a frame, or `fallback` when there is none or it fails to load. */
function PictureOr({
  src,
  alt,
  frame,
  fallback,
}: {
  src: string | null;
  alt: string;
  frame: (showImage: boolean) => string;
  fallback: ReactNode;
}) {
  const [failed, setFailed] = useState(false);
  const showImage = Boolean(src) && !failed;
  return (
    <div className={frame(showImage)}>
      {showImage ? <img src={src ?? undefined} alt={alt} onError={() => setFailed(true)} /> : fallback}
    </div>
  );
}

/** The partner's logo, or its initials on an accent tile when there is none (or it fails to load). */
export function VoucherLogo({
  logoUrl,
  title,
  initials,
}: {
  logoUrl: string | null;
  title: string;
  initials: string;
}) {
  const [failed, setFailed] = useState(false);
  const t = useT();
  if (!logoUrl || failed) {
    return (
      <div
        className="vs-logo vs-initials"
        role="img"
        aria-label={t('voucher.initialsLabel', { title })}
        data-testid="voucher-initials"
      >
        {initials}
      </div>
    );
  }
  return (
    <div className="vs-logo">
      <img src={logoUrl} alt={t('voucher.logoAlt', { title })} onError={() => setFailed(true)} />
    </div>
  );
}

/** Trainer vouchers: the trainer's round photo (or initials), name, role and membership line. */
export function TrainerHeader({
  trainer,
  initials,
}: {
  trainer: NonNullable<VoucherView['trainer']>;
  initials: string;
}) {
  const t = useT();
  return (
    <div className="vs-trainer" data-testid="trainer-header">
      <PictureOr src={trainer.image} alt={trainer.name} frame={() => 'vs-photo'} fallback={initials} />
      <div>
        <p className="vs-trainer-name">{trainer.name}</p>
        <p className="vs-trainer-role">{trainer.roleLabel}</p>
        <p className="vs-trainer-member">{t('voucher.trainerMember')}</p>
      </div>
    </div>
  );
}
