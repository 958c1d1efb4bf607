// The one loop behind the server's catch-up jobs (loan interest, the portfolio's daily rows):
// run at start, then every interval; runs never overlap (a run asked for while one is going
// waits for it), and stop() lets the run in progress finish. Each job's work is idempotent
// per day, so a tick that finds nothing to do is cheap.

export interface PeriodicJob<Argument, Outcome> {
  /** Runs once now (tests, and the first run at start); resolves when it is done. */
  runOnce(argument?: Argument): Promise<Outcome>;
  stop(): Promise<void>;
}

export function startPeriodicJob<Argument, Outcome>(options: {
  run: (argument: Argument) => Promise<Outcome>;
  /** The argument of a scheduled run (typically today's or the last ended IST day). */
  defaultArgument: () => Argument;
  intervalMs: number;
  onError: (error: unknown) => void;
}): PeriodicJob<Argument, Outcome> {
  let running: Promise<Outcome> | null = null;
  const runOnce = async (argument: Argument = options.defaultArgument()) => {
    while (running) await running.catch(() => undefined);
    running = options.run(argument);
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  const tick = () => void runOnce().catch(options.onError);
  const timer = setInterval(tick, options.intervalMs);
  timer.unref();
  tick();
  return {
    runOnce,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
