/// <reference types="vite-plugin-pwa/client" />
import { registerSW } from 'virtual:pwa-register';

/** The till's web app manifest (frontend/public): linked only on /till, so a member's phone is never offered "AV Pass Till". */
export const TILL_MANIFEST_URL = '/till.webmanifest';

let installed = false;

/**
 * Makes /till installable and able to open offline: links the manifest and registers the service
 * worker (vite-plugin-pwa, workbox). Called from the till's chunk only: the voucher page and the
 * login never load this code nor the worker. The worker precaches the app and serves index.html
 * for /till navigations; it never caches an API answer.
 */
export function installTillApp(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  if (!document.querySelector('link[rel="manifest"]')) {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = TILL_MANIFEST_URL;
    document.head.append(link);
  }
  // Service workers need a secure context (https, localhost); elsewhere the till works online only.
  if ('serviceWorker' in navigator) registerSW({ immediate: true });
}
