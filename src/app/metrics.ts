import { Counter, Registry } from "prom-client";

/**
 * The state machine's own Prometheus metrics, on a registry of its own (several nodes in one
 * test process must not share counters); the REST server's /metrics serves it alongside its own.
 */
export class AppMetrics {
  readonly registry = new Registry();
  /** Begin/end blockers refused with an AppError: the module's writes for that block were dropped. */
  readonly blockHookFailures = new Counter({
    name: "blockchain_block_hook_failures_total",
    help: "Begin/end blockers that failed with an application error (their writes dropped), by module and hook.",
    labelNames: ["module", "hook"] as const,
    registers: [this.registry],
  });
}
