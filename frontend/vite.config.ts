import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const gateway = process.env.AVPASS_GATEWAY_URL ?? 'http://localhost:3000';

/** Text assets, and the till's QR reader (zxing wasm: 1.1 MB, about 460 KB gzipped). */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest|wasm)$/;

/**
 * Writes `.br` and `.gz` next to every text asset of the build, once, at the best levels; the gateway
 * sends whichever the browser accepts (`preCompressed` static serving), so no request compresses.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'avpass:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    // After the service worker is written (vite-plugin-pwa writes sw.js when the bundle closes).
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
          const file = join(entry.parentPath, entry.name);
          const content = readFileSync(file);
          if (content.length < 1024) continue; // a compressed copy would save less than its headers
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

/**
 * The till (issue 25) is an installable app that opens offline once visited: a workbox service worker
 * precaches the built app (the till's chunk and the QR reader's wasm included) and answers /till
 * navigations with index.html. It never caches an API answer (no runtime caching). Registered from
 * the till's chunk only (`injectRegister: false`, features/till/offline/install-till-app.ts), which
 * also links the manifest (public/till.webmanifest), so the voucher page and the login load neither.
 */
const tillPwa = VitePWA({
  injectRegister: false,
  registerType: 'autoUpdate',
  manifest: false,
  includeAssets: ['till.webmanifest', 'icons/*.png'],
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png,wasm,webmanifest}'],
    // The QR reader's wasm is about 1.1 MB; workbox skips anything above this.
    maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    navigateFallback: '/index.html',
    navigateFallbackAllowlist: [/^\/till(?:\/|$)/],
    navigateFallbackDenylist: [
      /^\/api(?:\/|$)/,
      /^\/uploads(?:\/|$)/,
      /^\/health(?:\/|$)/,
      /^\/admin\/queues/,
    ],
    runtimeCaching: [],
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
    inlineWorkboxRuntime: true,
    sourcemap: false,
  },
});

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tillPwa, precompress()],
  resolve: {
    // `@/` is this app's src. The libs' package.json `main` points at a CommonJS build; the browser bundle uses the TS sources.
    // `@avpass/contracts/<module>` names one module of the library, so a page that needs only its
    // words (the voucher page) does not load every zod schema of the barrel.
    alias: [
      { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
      {
        find: /^@avpass\/contracts$/,
        replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      },
      {
        find: /^@avpass\/contracts\/([\w-]+)$/,
        replacement: `${fileURLToPath(new URL('../libs/contracts/src', import.meta.url))}/$1.ts`,
      },
      {
        find: /^@avpass\/domain$/,
        replacement: fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gateway, changeOrigin: true },
      '/uploads': { target: gateway, changeOrigin: true },
    },
  },
});
