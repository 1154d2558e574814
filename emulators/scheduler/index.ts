/**
 * Scheduler emulator (docs/architecture.md §2): a Zapiet-style pickup/delivery calendar service
 * answering from configurable rules in New York time. Default address 127.0.0.1:4003
 * (`SCHEDULER_EMULATOR_PORT` when started through `startEmulators`/`emulatorOptionsFromEnv`).
 * Endpoints and formats: ./app.ts; rules and defaults: ./rules.ts; overview: ./README.md.
 */
import { DEFAULT_CONTENT_DIR, listen, type EmulatorOptions, type RunningEmulator } from '../shared/server';
import { schedulerApp } from './app';
import { loadProductTags } from './catalog';
import { assertValidRules, DEFAULT_SCHEDULER_RULES, type SchedulerRules } from './rules';

export { DEFAULT_SCHEDULER_RULES, type SchedulerRules } from './rules';

/** Port used when `opts.port` is not given. */
export const DEFAULT_SCHEDULER_PORT = 4003;

/**
 * Starts the emulator. `rules` are shallow-merged over DEFAULT_SCHEDULER_RULES (give `pickup` or
 * `delivery` whole); `now` replaces the clock (tests). Throws on invalid rules or catalog JSON.
 */
export async function startSchedulerEmulator(
  opts: EmulatorOptions & { rules?: Partial<SchedulerRules>; now?: () => Date } = {},
): Promise<RunningEmulator> {
  const rules = { ...DEFAULT_SCHEDULER_RULES, ...opts.rules };
  assertValidRules(rules);
  const productTags = await loadProductTags(opts.contentDir ?? DEFAULT_CONTENT_DIR);
  const { app, abortPending } = schedulerApp({ rules, now: opts.now ?? (() => new Date()), productTags });
  const running = await listen('scheduler', app, { port: opts.port ?? DEFAULT_SCHEDULER_PORT, host: opts.host, debugToken: opts.debugToken });
  return {
    ...running,
    async stop() {
      abortPending();
      await running.stop();
    },
  };
}
