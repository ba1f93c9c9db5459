import type { Language } from '@avpass/contracts/i18n/languages';

type Loader = () => Promise<{ default: Record<string, unknown> }>;

/**
 * A screen area's catalogs, one loader per language (each file its own chunk, compiled at build by
 * frontend/vite-catalogs.ts): a screen loads its areas' catalogs in the one language it speaks, so the
 * voucher page never downloads Spanish for an English reader. Each area's loaders live in a module of
 * their own (frontend/src/locales/<area>-catalogs.ts; the voucher area's in libs/contracts, whose words
 * the gateway's first HTML prints too), imported by the code that starts the area's screens: main.tsx
 * for the first screen's, the router for the till's, so a page carries no other area's `import()`s.
 */
export type Catalog = Readonly<Record<Language, Loader>>;
