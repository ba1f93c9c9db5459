/** Room left between the sticky header and what is scrolled to. */
const GAP_PX = 16;

/** The bottom edge of the app's sticky header in the viewport (0 when the page has none). */
export function stickyHeaderBottom(): number {
  const header = document.querySelector('header');
  if (!header) return 0;
  const position = getComputedStyle(header).position;
  if (position !== 'sticky' && position !== 'fixed') return 0;
  return Math.max(0, header.getBoundingClientRect().bottom);
}

const smooth = () =>
  window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : ('smooth' as const);

/**
 * Scrolls the window so `element` is fully in view below the sticky header: its top just under the
 * header when it is taller than the room left (so its top, e.g. a QR code, is never hidden under the
 * header), else in the middle of that room. Nothing moves when it is in view already.
 */
export function scrollClearOfHeader(
  element: Element,
  { block = 'center' }: { block?: 'center' | 'start' } = {},
) {
  const top = stickyHeaderBottom();
  const room = window.innerHeight - top;
  const box = element.getBoundingClientRect();
  const inView = box.top >= top && box.bottom <= window.innerHeight;
  if (inView && block === 'center') return;
  const target =
    block === 'start' || box.height > room - 2 * GAP_PX ? top + GAP_PX : top + (room - box.height) / 2;
  window.scrollBy({ top: box.top - target, behavior: smooth() });
}
