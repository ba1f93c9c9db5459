import { useState, type ReactNode } from 'react';
import { TRAINER_MEMBER_TEXT } from '@avpass/contracts/voucher-text';
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
  if (!logoUrl || failed) {
    return (
      <div
        className="vs-logo vs-initials"
        role="img"
        aria-label={`${title} initials`}
        data-testid="voucher-initials"
      >
        {initials}
      </div>
    );
  }
  return (
    <div className="vs-logo">
      <img src={logoUrl} alt={`${title} logo`} onError={() => setFailed(true)} />
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
  return (
    <div className="vs-trainer" data-testid="trainer-header">
      <PictureOr src={trainer.image} alt={trainer.name} frame={() => 'vs-photo'} fallback={initials} />
      <div>
        <p className="vs-trainer-name">{trainer.name}</p>
        <p className="vs-trainer-role">{trainer.roleLabel}</p>
        <p className="vs-trainer-member">{TRAINER_MEMBER_TEXT}</p>
      </div>
    </div>
  );
}
