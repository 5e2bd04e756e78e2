/** The subset of pino's API the server uses; a pino logger satisfies it as is. */
export interface Logger {
  debug(obj: object, msg?: string): void;
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

function line(level: string) {
  return (obj: object, msg?: string): void => {
    // Errors stringify to {} and bigints throw; keep both readable (stack escaped: still one line).
    const json = JSON.stringify({ level, module: "abci", msg, ...obj }, (_key, v: unknown) =>
      v instanceof Error ? { message: v.message, stack: v.stack } : typeof v === "bigint" ? v.toString() : v,
    );
    process.stderr.write(`${json}\n`);
  };
}

/** Used when no logger is given: one JSON line per event on stderr, debug dropped. */
export const stderrLogger: Logger = {
  debug: () => {},
  info: line("info"),
  warn: line("warn"),
  error: line("error"),
};
