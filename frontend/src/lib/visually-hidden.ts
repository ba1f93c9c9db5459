/**
 * Words for a screen reader only: kept in the accessibility tree, drawn nowhere (a 1px box, clipped).
 * e2e/support/i18n.ts's overflow check skips such boxes (their text is meant not to fit).
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;
