import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compiledCatalogs } from './vite-catalogs';

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
      outDir = resolve(config.root, config.build.outDir);
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

/**
 * `@/` is this app's src. The libs' package.json `main` points at a CommonJS build; the browser bundle uses the TS sources.
 * `@avpass/contracts/<module>` names one module of the library, so a page that needs only its
 * words (the voucher page) does not load every zod schema of the barrel.
 */
const ALIASES = [
  { find: /^@\//, replacement: `${fileURLToPath(new URL('./src', import.meta.url))}/` },
  {
    find: /^@avpass\/contracts$/,
    replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)),
  },
  {
    find: /^@avpass\/contracts\/([\w/-]+)$/,
    replacement: `${fileURLToPath(new URL('../libs/contracts/src', import.meta.url))}/$1.ts`,
  },
  {
    find: /^@avpass\/domain$/,
    replacement: fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url)),
  },
];

/** A module of this app's src, as the bundler names it. */
const srcFile = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

/** React itself (and the bundler's runtime): every page needs it, and it changes only with an upgrade. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|rolldown[\\/]runtime/;
/** TanStack Query and the app's query client (lib/query-client.ts). */
const QUERY = /[\\/]node_modules[\\/]@tanstack[\\/]|[\\/]src[\\/]lib[\\/]query-client\.ts$/;

/**
 * First loads in a handful of requests (issue 28). Left to itself the bundler splits the shared MUI
 * components into dozens of small chunks, and a dashboard fetched about 65 files. Instead each module
 * that a first screen needs goes to one of a few chunks, by the first screens that reach it through
 * static imports:
 * - `react`: React (every page);
 * - `shell`: everything the voucher page shares with the app (React Query, the API client; every page);
 * - `voucher-words`, `voucher`: the words the voucher page shares with the contracts' barrel, and its own
 *   code, without MUI (a member's phone loads react + shell + these, nothing else; decision 304);
 * - `login`: the sign-in page, drawn without MUI or the router (react + shell + login; decision 342);
 * - `app`: the router, the guards, and what the landing and login pages share with
 *   the dashboards;
 * - `nav`: the signed-in navigation bar, loaded beside the app when a session token is kept;
 * - `screens`: what the two dashboards need beyond that (MUI components, the API hooks, contracts);
 * - `admin-dashboard`, `company-dashboard`: each dashboard's own feature code.
 * Every other screen keeps the automatic split (its own chunk plus chunks shared with its neighbours).
 * Each chunk takes what its screens import and the chunks before it did not, so the chunks import each
 * other in one direction only.
 */
const FIRST_SCREENS = {
  // The words (Lingui, the language switch, the loaders of the areas main.tsx starts: voucher, member,
  // public): every first screen has them (issue 42). The till's loaders are the router's (in `app`).
  shell: [
    srcFile('app/mount.tsx'),
    srcFile('app/first-screen.ts'),
    srcFile('i18n/i18n.ts'),
    srcFile('i18n/language-switch.tsx'),
    // An API error's words (the voucher page, the member's screens and the till): beside the API client.
    srcFile('i18n/api-error-text.ts'),
    fileURLToPath(new URL('../libs/contracts/src/i18n/voucher-catalogs.ts', import.meta.url)),
    // Which page an address opens (main.tsx; the contracts' barrel re-exports it for the gateway).
    fileURLToPath(new URL('../libs/contracts/src/light-pages.ts', import.meta.url)),
    srcFile('locales/member-catalogs.ts'),
    srcFile('locales/public-catalogs.ts'),
  ],
  voucher: srcFile('app/voucher-shell.tsx'),
  /** The sign-in page loaded alone (issue 40, decision 342): no MUI, no router. */
  login: srcFile('app/login-shell.tsx'),
  app: [srcFile('app/app.tsx')],
  publicPages: [srcFile('features/auth/routes/login.tsx'), srcFile('features/landing/routes/landing.tsx')],
  /** Loaded by the root layout once signed in (issue 40: not by the sign-in and landing pages). */
  navBar: srcFile('app/layout/nav-bar.tsx'),
  adminDashboard: srcFile('features/admin-dashboard/routes/dashboard.tsx'),
  companyDashboard: srcFile('features/company/routes/company-dashboard.tsx'),
};

/**
 * The light pages whose HTML preloads their code (issue 40, decision 382): each one's shell and the area
 * of its words. main.tsx asks for these only once the entry has run (React's evaluation first); a
 * preload in the HTML fetches them beside React instead. The gateway reads the file this writes.
 */
const LIGHT_PAGES = {
  login: { shell: FIRST_SCREENS.login, words: 'public' },
  voucher: { shell: FIRST_SCREENS.voucher, words: 'voucher' },
  member: { shell: srcFile('app/member-shell.tsx'), words: 'member' },
};

/**
 * Writes `first-page-preloads.json`: for each light page, the files its shell needs beyond what
 * index.html already preloads, and its words' file in each language (gateway/src/http/spa-index.ts).
 */
function firstPagePreloads(): Plugin {
  return {
    name: 'avpass:first-page-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const withImports = (files: string[]) => {
        const seen = new Set<string>();
        const stack = [...files];
        while (stack.length) {
          const file = stack.pop() as string;
          if (seen.has(file)) continue;
          seen.add(file);
          stack.push(...(byFile.get(file)?.imports ?? []));
        }
        return seen;
      };
      const preloaded = withImports(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
      const pages = Object.fromEntries(
        Object.entries(LIGHT_PAGES).map(([page, { shell, words }]) => {
          const chunk = chunks.find((c) => c.moduleIds.includes(shell));
          if (!chunk) this.error(`first-page-preloads: no chunk holds ${shell}`);
          const files = [...withImports([chunk.fileName])].filter((file) => !preloaded.has(file));
          const catalogs = chunks
            .filter((c) => c.name.startsWith(`${words}.`))
            .map((c) => [c.name.slice(words.length + 1), [`/${c.fileName}`]]);
          if (catalogs.length === 0) this.error(`first-page-preloads: no catalog of the ${words} area`);
          return [page, { files: files.map((file) => `/${file}`), words: Object.fromEntries(catalogs) }];
        }),
      );
      this.emitFile({
        type: 'asset',
        fileName: 'first-page-preloads.json',
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

const DOMAIN_BARREL = fileURLToPath(new URL('../libs/domain/src/index.ts', import.meta.url));

/** The values a module imports from the domain's barrel (`import { a, b as c } from '@avpass/domain'`). */
function namesFromDomain(code: string): string[] {
  return [...code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']@avpass\/domain["']/g)].flatMap((m) =>
    (m[1] ?? '')
      .split(',')
      .map((name) => name.trim())
      .filter((name) => name && !name.startsWith('type '))
      .map((name) => name.split(/\s+as\s+/)[0] as string),
  );
}

function firstLoadChunks(getModuleInfo: (id: string) => Rolldown.ModuleInfo | null): Map<string, string> {
  /**
   * What `roots` import, and what that imports. With `barrels`, a module importing from the domain's
   * barrel reaches only the barrel's modules that export what it imports (as the bundle does, with
   * `lazyBarrel`), not all of them: otherwise the first screens' chunks held the whole domain library
   * (issue 42: the voucher page carried the inventory's, the credits' and the till's rules).
   */
  const reach = (roots: readonly string[], barrels = false) => {
    const members = (getModuleInfo(DOMAIN_BARREL)?.importedIds ?? []).map((id) => ({
      id,
      exports: new Set(getModuleInfo(id)?.exports ?? []),
    }));
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue;
      const info = getModuleInfo(id);
      if (!info) continue;
      seen.add(id);
      if (!barrels || !info.importedIds.includes(DOMAIN_BARREL) || info.code === null) {
        stack.push(...info.importedIds);
        continue;
      }
      const names = namesFromDomain(info.code);
      seen.add(DOMAIN_BARREL); // itself (no code of its own), not all it re-exports
      stack.push(...info.importedIds.filter((imported) => imported !== DOMAIN_BARREL));
      stack.push(...members.filter((m) => names.some((name) => m.exports.has(name))).map((m) => m.id));
    }
    return seen;
  };
  // The pages that load no MUI, by what they use of the domain's barrel; the app's screens by all of it.
  const shell = reach(FIRST_SCREENS.shell, true);
  const voucher = [...reach([FIRST_SCREENS.voucher], true)];
  const login = [...reach([FIRST_SCREENS.login], true)];
  const app = reach(FIRST_SCREENS.app);
  const admin = reach([FIRST_SCREENS.adminDashboard]);
  const company = reach([FIRST_SCREENS.companyDashboard]);
  const publicPages = reach(FIRST_SCREENS.publicPages);
  const nav = reach([FIRST_SCREENS.navBar]);
  const chunks = new Map<string, string>();
  const assign = (ids: Iterable<string>, name: string) => {
    for (const id of ids) if (!chunks.has(id) && !REACT.test(id)) chunks.set(id, name);
  };
  assign(shell, 'shell');
  // What the voucher page shares with the app goes to the shell: the app then never loads `voucher`.
  assign(
    voucher.filter((id) => app.has(id) || nav.has(id) || admin.has(id) || company.has(id)),
    'shell',
  );
  // What the voucher page shares with the contracts' barrel (its words; an app screen loads the barrel
  // lazily with the schemas): a chunk of its own, so that first call does not fetch the voucher page.
  const barrel = reach([fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url))]);
  assign(
    voucher.filter((id) => barrel.has(id)),
    'voucher-words',
  );
  // Its look (the CSS string the gateway's first HTML shares) goes there too: the member's screens draw
  // with it, and without it they loaded the whole voucher page's code (issue 42: room for the words).
  assign(
    [fileURLToPath(new URL('../libs/contracts/src/voucher-page-look.ts', import.meta.url))],
    'voucher-words',
  );
  assign(voucher, 'voucher');
  // The sign-in page: what it shares with the app (the return address, the catalogs' loaders) in the shell,
  // so the signed-in app never waits for `login`; the rest (the page, its form and look) in its own chunk.
  const signedIn = (id: string) => app.has(id) || nav.has(id) || admin.has(id) || company.has(id);
  assign(login.filter(signedIn), 'shell');
  assign(login, 'login');
  assign(app, 'app');
  // What the landing and sign-in pages share with the dashboards or the navigation (the text field, a few
  // components): in `app`, so those pages load neither `screens` nor `nav`.
  assign(
    [...publicPages].filter((id) => admin.has(id) || company.has(id) || nav.has(id)),
    'app',
  );
  // The signed-in navigation (its drawer, list and app-bar components): every signed-in screen, no public one.
  assign(nav, 'nav');
  const ownCode = (id: string, feature: string) => id.includes(`/src/features/${feature}/`);
  assign(
    [...admin, ...company].filter((id) => !ownCode(id, 'admin-dashboard') && !ownCode(id, 'company')),
    'screens',
  );
  assign(admin, 'admin-dashboard');
  assign(company, 'company-dashboard');
  return chunks;
}

/**
 * The groups: React, then the first screens' chunks. With `lazyBarrel`, a module imports from a barrel
 * (`@mui/material/styles`) only what some module of the app uses from it, so the voucher page's import
 * graph does not hold the whole of MUI's styles.
 */
function firstLoadChunking(): Rolldown.CodeSplittingOptions {
  let chunks: Map<string, string> | null = null;
  return {
    groups: [
      { name: 'react', test: REACT, priority: 2 },
      // TanStack Query and the query client: the app's and the member's screens', not the sign-in's or the
      // voucher page's (issue 40: their calls are plain hooks), so none of the first-load chunks holds it.
      { name: 'query', test: QUERY, priority: 2, includeDependenciesRecursively: false },
      {
        debugName: 'first-loads',
        name: (id, ctx) => {
          chunks ??= firstLoadChunks((moduleId) => ctx.getModuleInfo(moduleId));
          return chunks.get(id) ?? null;
        },
        priority: 1,
        // The sets above already hold every module they need; nothing is pulled in twice.
        includeDependenciesRecursively: false,
      },
      // The schemas a first screen's first call checks its answer with (issue 40): the session's (the
      // sign-in's submit, the current user) and the dashboards' figures, with zod, in two files: the
      // figures and the sign-in wait for these, not for every contract.
      { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
      {
        name: 'first-answers',
        test: /[\\/]libs[\\/]contracts[\\/]src[\\/](session|roles|vouchers[\\/]stats)\.ts$/,
      },
      // The other contracts that no first screen loads (loaded beside a later call) in one chunk, so that
      // call fetches one file, not the barrel's many.
      {
        name: 'schemas',
        // Not libs/contracts/src/i18n: its catalogs stay files of their own (one language loaded), its code
        // goes with the first screens that use it.
        test: /[\\/]libs[\\/](contracts|domain)[\\/]src[\\/](?!i18n[\\/])/,
      },
    ],
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [compiledCatalogs(), react(), tillPwa, firstPagePreloads(), precompress()],
  resolve: {
    alias: ALIASES,
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      experimental: { lazyBarrel: true },
      output: { codeSplitting: firstLoadChunking() },
    },
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
