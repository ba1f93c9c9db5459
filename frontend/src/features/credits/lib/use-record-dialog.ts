import type { AthleteCredit } from '@avpass/contracts';
import { useState } from 'react';

/**
 * The partner's Record Transaction dialog: opened from the heading (no athlete yet) or from an
 * athlete's Process button; `dialog` goes to PartnerRecordDialog.
 */
export function useRecordDialog() {
  const [state, setState] = useState<{ athlete: AthleteCredit | null } | null>(null);
  return {
    open: (athlete: AthleteCredit | null) => setState({ athlete }),
    dialog: { open: state !== null, athlete: state?.athlete ?? null, onClose: () => setState(null) },
  };
}
