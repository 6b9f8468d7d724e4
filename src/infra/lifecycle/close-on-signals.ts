import { INestApplication, Logger } from '@nestjs/common';
import { ShutdownService } from './shutdown.service';

/**
 * Nest's `enableShutdownHooks`, with the drain step first: on the first signal health turns
 * unhealthy and the listeners stay open for SHUTDOWN_DRAIN_DELAY (a second signal cuts the delay
 * short), then the application closes and the signal is raised again, so the process ends as
 * that signal would have ended it.
 */
export function closeOnSignals(app: INestApplication, signals: readonly NodeJS.Signals[]): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    const shutdown = app.get(ShutdownService);
    if (closing) {
      shutdown.hurry(signal);
      return;
    }
    closing = true;
    void (async () => {
      try {
        await shutdown.drain(signal);
        await app.close();
        for (const each of signals) process.removeListener(each, onSignal);
        process.kill(process.pid, signal);
      } catch (error) {
        new Logger('Shutdown').error(
          `error during shutdown: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
        process.exit(1);
      }
    })();
  };
  for (const signal of signals) process.on(signal, onSignal);
}
