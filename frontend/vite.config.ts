import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const gateway = process.env.AVPASS_GATEWAY_URL ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    // `@/` is this app's src. The libs' package.json `main` points at a CommonJS build; the browser bundle uses the TS sources.
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@avpass/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
      '@avpass/domain': fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
    },
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
