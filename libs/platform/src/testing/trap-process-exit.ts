/**
 * Setup file of the integration project (vitest.config.ts), run before each test file. A worker runs
 * several files (`isolate: false`), and vitest traps `process.exit` only while its first file runs; after
 * that, a call ends the worker and every test in its later files. Nest calls it whenever a proxied app
 * method throws (`app.get` of a class the app lacks, with its default `abortOnError`). Trapped here for
 * every file, it throws where it was called, as vitest's own trap does.
 */
process.exit = ((code?: number | string | null) => {
  throw new Error(`process.exit unexpectedly called with "${code ?? process.exitCode ?? 0}"`);
}) as typeof process.exit;
