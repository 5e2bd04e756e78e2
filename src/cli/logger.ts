import { pino } from "pino";
import type { Logger } from "../types/logger";

export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/** JSON lines on stdout (pino), one per event; `level` as CometBFT and the SDK name them. */
export function createLogger(level = "info"): Logger & { flush(): void } {
  if (!(LOG_LEVELS as readonly string[]).includes(level)) throw new Error(`unknown log level ${level}; one of ${LOG_LEVELS.join(", ")}`);
  return pino({ level, base: { service: "blockchaind" } }) as unknown as Logger & { flush(): void };
}
