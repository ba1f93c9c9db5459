import type { CardSize } from '@avpass/contracts';
import { CARD_SIZES, DEFAULT_CARD_SIZE } from '@avpass/contracts/words';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useSyncExternalStore } from 'react';

import { useT } from '@/i18n/i18n';

const STORAGE_KEY = 'avpass.cardSize';

const listeners = new Set<() => void>();

function readCardSize(): CardSize {
  try {
    const saved = window.localStorage.getItem(STORAGE_KEY);
    return (CARD_SIZES as readonly string[]).includes(saved ?? '') ? (saved as CardSize) : DEFAULT_CARD_SIZE;
  } catch {
    return DEFAULT_CARD_SIZE;
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The printed card size chosen on this device (A6 unless changed); every card download uses it. */
export function useCardSize(): [CardSize, (size: CardSize) => void] {
  const size = useSyncExternalStore(subscribe, readCardSize, () => DEFAULT_CARD_SIZE);
  const setSize = (next: CardSize) => {
    try {
      window.localStorage.setItem(STORAGE_KEY, next);
    } catch {
      // private mode: the choice lasts until the page reloads
    }
    listeners.forEach((listener) => listener());
  };
  return [size, setSize];
}

/** A6 / 4×6 in: the page size of card PDFs (PNG and SVG keep its proportions). */
export function CardSizeSelect() {
  const t = useT();
  const [size, setSize] = useCardSize();
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={size}
      onChange={(_, next: CardSize | null) => next && setSize(next)}
      aria-label={t('staff.download.cardSize')}
    >
      {CARD_SIZES.map((option) => (
        <ToggleButton
          key={option}
          value={option}
          aria-label={t('staff.download.cardSizeOf', { size: t(`staff.download.size.${option}`) })}
        >
          {t(`staff.download.size.${option}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
