const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '0.0.0.0', '[::1]']);

/** True when the app is opened on this machine only: QR links made here do not open on other phones. */
export function isLocalHost(hostname: string = window.location.hostname): boolean {
  return LOCAL_HOSTS.has(hostname);
}
