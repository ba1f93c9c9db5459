/** Marker the fault tests look for in the apps' logs: any line with it is a bug. */
export const UNHANDLED_MARKER = 'BUG unhandled';

/**
 * Process-level guard for an app's entry point: an unhandled rejection is logged as a bug (one JSON
 * line, level error) instead of ending the process; an uncaught exception is logged and ends it (its
 * state is unknown), and the launcher restarts it.
 */
export function installProcessGuards(app: string): void {
  const log = (kind: string, error: unknown) =>
    console.error(
      JSON.stringify({
        level: 50,
        time: new Date().toISOString(),
        app,
        msg: `${UNHANDLED_MARKER} ${kind}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      }),
    );
  process.on('unhandledRejection', (reason) => log('rejection', reason));
  process.on('uncaughtException', (error) => {
    log('exception', error);
    process.exit(1);
  });
}
