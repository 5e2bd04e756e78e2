import type { Logger } from "../types/logger";

/**
 * Runs `stop` once on the first SIGINT/SIGTERM, then exits 0 (1 if stopping failed); a
 * second signal while stopping exits at once.
 */
export function onShutdown(logger: Logger, stop: () => Promise<void>): () => Promise<void> {
  let stopping = false;
  const run = async (reason: string): Promise<void> => {
    if (stopping) {
      process.stderr.write("second signal: exiting without a clean shutdown\n");
      process.exit(130);
    }
    stopping = true;
    logger.info({ reason }, "shutting down");
    let code = 0;
    try {
      await stop();
    } catch (e) {
      logger.error({ err: (e as Error).message }, "clean shutdown failed");
      code = 1;
    }
    logger.info({}, "stopped");
    process.exit(code);
  };
  process.on("SIGINT", () => void run("SIGINT"));
  process.on("SIGTERM", () => void run("SIGTERM"));
  return () => run("halt");
}
