/**
 * Steady load for fault tests: `callers` concurrent loops, each awaiting one call at a time,
 * until stop() (or `maxCalls` per caller, so a run is always bounded). Every outcome is recorded
 * with its duration.
 */
export interface Outcome {
  readonly at: number;
  readonly ms: number;
  readonly ok: boolean;
  readonly error?: string;
}

export interface LoadLoop {
  readonly outcomes: Outcome[];
  /** Callers whose call has been sent and not answered yet. */
  readonly pending: number;
  stop(): Promise<void>;
  /** Outcomes recorded after `since` (a performance.now() value). */
  after(since: number): Outcome[];
}

export function startLoad(call: () => Promise<unknown>, callers = 4, maxCalls = 50_000): LoadLoop {
  const outcomes: Outcome[] = [];
  let running = true;
  let pending = 0;
  const loop = async () => {
    for (let i = 0; running && i < maxCalls; i++) {
      const started = performance.now();
      pending++;
      try {
        await call();
        outcomes.push({ at: started, ms: performance.now() - started, ok: true });
        pending--;
      } catch (error) {
        outcomes.push({
          at: started,
          ms: performance.now() - started,
          ok: false,
          error: describe(error),
        });
        pending--;
        // A failing store answers at once: pace the loop so a fault does not become a busy spin.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    }
  };
  const loops = Array.from({ length: callers }, loop);
  return {
    outcomes,
    get pending() {
      return pending;
    },
    after: (since) => outcomes.filter((outcome) => outcome.at >= since),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

function describe(error: unknown): string {
  const grpcError = error as { code?: number; details?: string; message?: string };
  return grpcError.details !== undefined
    ? `${grpcError.code}: ${grpcError.details}`
    : String(grpcError.message ?? error);
}
