/** What the process-level handlers need: the app's logger once it exists, a clean close, an exit. */
export interface FatalErrorDeps {
  /** The app's pino logger, or undefined before the app is built (then stderr). */
  logger: () => { fatal: (object: object, message: string) => void } | undefined;
  /** Stops the server and closes the database; awaited at most `closeTimeoutMs`. */
  close: () => Promise<void>;
  exit: (code: number) => void;
  closeTimeoutMs?: number;
}

type FatalOrigin = 'uncaughtException' | 'unhandledRejection';

/**
 * An exception nobody caught or a rejection nobody awaited is a bug, and after one the process'
 * state is unknown (Node's own advice): log it with its stack, close what can be closed within a
 * deadline, and exit with 1 so the supervisor restarts a clean process.
 */
export function handleFatalErrors(
  target: { on(event: FatalOrigin, listener: (error: unknown) => void): unknown },
  deps: FatalErrorDeps,
): void {
  const closeTimeoutMs = deps.closeTimeoutMs ?? 10_000;
  let exiting = false;

  function onFatal(origin: FatalOrigin, error: unknown) {
    const logger = deps.logger();
    if (logger) logger.fatal({ err: error, origin }, 'fatal error, exiting');
    else console.error(`fatal error (${origin}), exiting:`, error);
    if (exiting) return;
    exiting = true;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, closeTimeoutMs);
      timer.unref();
    });
    Promise.race([deps.close().catch(() => undefined), deadline]).finally(() => {
      clearTimeout(timer);
      deps.exit(1);
    });
  }

  target.on('uncaughtException', (error) => onFatal('uncaughtException', error));
  target.on('unhandledRejection', (reason) => onFatal('unhandledRejection', reason));
}
