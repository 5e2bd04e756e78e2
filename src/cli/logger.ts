import { pino, type DestinationStream, type Logger as PinoLogger } from "pino";
import type { Logger } from "../types/logger";
import { formatRecord } from "./log/format";
import { levelOf, parseLevelSpec, type LevelSpec } from "./log/levels";

export { LOG_LEVELS, parseLevelSpec } from "./log/levels";

export const LOG_FORMATS = ["plain", "json"] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface LogSettings {
  /** One level, or per-module levels: "*:info,engine:debug,abci:error". */
  level: string;
  /** Unset: plain on a terminal, JSON otherwise. */
  format?: LogFormat;
  /** Plain lines without colours (colours are only ever used on a terminal, and not with NO_COLOR). */
  noColor?: boolean;
}

/** Where lines go; stdout unless a test says otherwise. */
export interface LogOutput {
  write(s: string): unknown;
  isTTY?: boolean;
}

/**
 * The node's logger: pino records, printed as JSON lines (what log collectors read) or as plain
 * human lines (formatted here, synchronously). A child logger bound to a `module` logs at that
 * module's level from the level spec.
 */
export function createLogger(settings: string | LogSettings = "info", out?: LogOutput): Logger & { flush(): void } {
  const s = typeof settings === "string" ? { level: settings } : settings;
  const spec = parseLevelSpec(s.level);
  const tty = Boolean(out ? out.isTTY : process.stdout.isTTY);
  const format = s.format ?? (tty ? "plain" : "json");
  const colour = format === "plain" && tty && !s.noColor && !("NO_COLOR" in process.env && process.env.NO_COLOR !== "");
  const sink: DestinationStream = out ?? pino.destination({ dest: 1, sync: true });
  const stream: DestinationStream =
    format === "json" ? sink : { write: (line: string) => void sink.write(formatRecord(JSON.parse(line), { colour })) };
  const root = pino({ level: spec.default, base: { service: "blockchaind" } }, stream);
  return perModuleLevels(root, spec) as unknown as Logger & { flush(): void };
}

/**
 * pino creates a child with Object.create(parent), so the `child` set here is inherited by every
 * descendant: whichever of them binds a module gets that module's level.
 */
function perModuleLevels(root: PinoLogger, spec: LevelSpec): PinoLogger {
  if (spec.modules.size === 0) return root;
  const child = root.child;
  root.child = function (this: PinoLogger, bindings, options) {
    const level = "module" in bindings ? levelOf(spec, bindings.module) : undefined;
    return child.call(this, bindings, level && !options?.level ? { ...options, level } : options);
  } as PinoLogger["child"];
  return root;
}

/** Flags beat app.toml; app.toml's empty or missing keys leave the defaults. */
export function resolveLogSettings(
  flags: { level?: string; format?: string; noColor?: boolean },
  config: { logLevel: string; logFormat: string; logNoColor: boolean },
): LogSettings {
  const format = flags.format || config.logFormat || undefined;
  if (format !== undefined && !(LOG_FORMATS as readonly string[]).includes(format))
    throw new Error(`unknown log format "${format}"; one of ${LOG_FORMATS.join(", ")}`);
  return {
    level: flags.level || config.logLevel || "info",
    format: format as LogFormat | undefined,
    noColor: Boolean(flags.noColor) || config.logNoColor,
  };
}
