/**
 * Reads QR codes from the camera's video: the browser's own BarcodeDetector where it has one that
 * reads qr_code (Android Chrome, Safari 17+ on macOS), else the `barcode-detector` polyfill on
 * zxing-wasm. The polyfill and its WebAssembly are loaded only here (the till's chunk), and the .wasm
 * is the file Vite emitted into our own build, never the polyfill's default CDN (jsDelivr).
 */

export interface QrDetector {
  /** 'native' or 'wasm' (which reader is in use; the e2e checks the wasm path). */
  readonly kind: 'native' | 'wasm';
  /** The texts of the QR codes in the frame (none: an empty list). */
  detect(source: HTMLVideoElement): Promise<string[]>;
}

interface DetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

function wrap(kind: QrDetector['kind'], detector: DetectorLike): QrDetector {
  return {
    kind,
    detect: async (source) => (await detector.detect(source)).map((code) => code.rawValue).filter(Boolean),
  };
}

async function nativeDetector(): Promise<QrDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native?.getSupportedFormats) return null;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? wrap('native', new Native({ formats: ['qr_code'] })) : null;
  } catch {
    return null;
  }
}

async function wasmDetector(): Promise<QrDetector> {
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  const wasmHref = new URL(wasmUrl, window.location.href).href;
  // Instantiate now, from our origin: a failure (the file missing, a CSP without 'wasm-unsafe-eval')
  // surfaces here, as "the scanner could not start", instead of as silent empty detections.
  await prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmHref : prefix + path),
    },
    fireImmediately: true,
  });
  return wrap('wasm', new BarcodeDetector({ formats: ['qr_code'] }));
}

let pending: Promise<QrDetector> | null = null;

/** The page's one QR reader (made once; a failed start may be tried again). */
export function loadQrDetector(): Promise<QrDetector> {
  pending ??= (async () => (await nativeDetector()) ?? (await wasmDetector()))();
  pending.catch(() => {
    pending = null;
  });
  return pending;
}
