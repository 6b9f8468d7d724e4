import type { LoggerService } from '@nestjs/common';

/** Nest's own start-up chatter, and the handler that logs an error the command reports anyway. */
const FRAMEWORK_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'NestApplicationContext',
  'ExceptionHandler',
]);

/**
 * The log of the service's components (database, content model, identity) as plain lines on
 * the command's stderr: warnings and errors always (the admin user's generated password is a
 * warning), the rest only when asked for (-verbose).
 */
export class CliLogger implements LoggerService {
  constructor(
    private readonly write: (line: string) => void,
    private readonly showInfo: boolean,
  ) {}

  log(message: unknown, ...params: unknown[]): void {
    if (this.showInfo) this.print('', message, params);
  }

  warn(message: unknown, ...params: unknown[]): void {
    this.print('warning: ', message, params);
  }

  error(message: unknown, ...params: unknown[]): void {
    this.print('error: ', message, params);
  }

  debug(): void {}

  verbose(): void {}

  private print(prefix: string, message: unknown, params: readonly unknown[]): void {
    const context = params[params.length - 1];
    if (typeof context === 'string' && FRAMEWORK_CONTEXTS.has(context)) return;
    const text = message instanceof Error ? message.message : String(message);
    this.write(`${prefix}${text}`);
  }
}
