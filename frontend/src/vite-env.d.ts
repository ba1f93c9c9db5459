/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_INACTIVITY_TIMEOUT_MS?: string;
  readonly VITE_CONTACT_EMAIL?: string;
  readonly VITE_BULK_MAX_QUANTITY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
