import { useEffect } from 'react';

/**
 * The figures public/boot-figures.js drew into the outline stay on screen until React's own cards have
 * theirs (issue 40, decision 357; decision 348 left this open): without it React's first render replaced
 * them with its skeleton, then empty cards, for about half a second, and the same figures came back.
 *
 * Before React renders, a drawn outline is moved out of #root into a layer over it, and #root is kept
 * invisible (still laid out, so what measures itself on mount measures right). The layer goes, and #root
 * shows, when the first of these happens: the dashboard's cards have their figures or their error
 * (`useBootFiguresReady`), the address changes (a sign-in page, another screen), or SAFETY_MS pass. The
 * layer keeps the outline's "Loading your dashboard…" status and its aria-hidden parts, so a screen
 * reader hears the figures once, from React; its test ids become `data-boot-testid`, so a test (or a
 * script) finding a card by its test id finds React's only.
 */
const LAYER_ID = 'boot-handover';
const SAFETY_MS = 8_000;

let released = true;

/** Called by mount() before React's first render. True when a drawn outline was handed over. */
export function holdBootFigures(root: HTMLElement): boolean {
  const outline = root.firstElementChild;
  if (!(outline instanceof HTMLElement) || !outline.classList.contains('bs')) return false;
  if (!outline.querySelector('.bs-stat')) return false;
  const layer = document.createElement('div');
  layer.id = LAYER_ID;
  layer.className = 'bs-layer';
  for (const node of outline.querySelectorAll('[data-testid]')) {
    node.setAttribute('data-boot-testid', node.getAttribute('data-testid') ?? '');
    node.removeAttribute('data-testid');
  }
  outline.setAttribute('data-boot-testid', outline.getAttribute('data-testid') ?? '');
  outline.removeAttribute('data-testid');
  layer.appendChild(outline);
  root.before(layer);
  root.style.visibility = 'hidden';
  released = false;
  const path = window.location.pathname;
  const timer = window.setTimeout(releaseBootFigures, SAFETY_MS);
  const onAddress = () => {
    if (window.location.pathname !== path) releaseBootFigures();
  };
  // React Router moves with history.pushState/replaceState (no event); a redirect is seen on the next frame.
  const watch = () => {
    if (released) return;
    onAddress();
    window.requestAnimationFrame(watch);
  };
  window.requestAnimationFrame(watch);
  window.addEventListener('popstate', onAddress, { once: true });
  cleanup = () => {
    window.clearTimeout(timer);
    window.removeEventListener('popstate', onAddress);
  };
  return true;
}

let cleanup = () => undefined as void;

/** React's screen takes over: the layer goes and #root shows. Harmless when nothing is held. */
export function releaseBootFigures(): void {
  if (released) return;
  released = true;
  cleanup();
  document.getElementById(LAYER_ID)?.remove();
  const root = document.getElementById('root');
  if (root) root.style.visibility = '';
}

/** A dashboard's cards: once `ready` (their figures or their error are drawn), the outline goes. */
export function useBootFiguresReady(ready: boolean): void {
  useEffect(() => {
    if (ready) releaseBootFigures();
  }, [ready]);
}
