/**
 * Where the rules come from (CONFIG_TYPE). Nest awaits `onApplicationBootstrap` before any listener
 * opens, so a source that must wait for its first configuration (xDS, unless
 * FORCE_START_WITHOUT_INITIAL_CONFIG) keeps the gRPC, HTTP and debug ports closed until then.
 */
export abstract class RuleSource {
  abstract onApplicationBootstrap(): Promise<void>;
  abstract onApplicationShutdown(): Promise<void> | void;
  /** Re-read the configuration now (SIGHUP); true when a new set is in force. */
  abstract reload(): boolean | Promise<boolean>;
}
