/** pino's levels, with CometBFT's `none` for silent. */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A `--log_level` value as CometBFT and the SDK take it: one level ("debug"), or per-module levels
 * "*:info,state:debug,p2p:error", where `*` (or a bare level) is the level of every other module.
 */
export interface LevelSpec {
  default: LogLevel;
  modules: ReadonlyMap<string, LogLevel>;
}

function level(raw: string, item: string): LogLevel {
  const l = raw.trim().toLowerCase();
  if (l === "none") return "silent";
  if ((LOG_LEVELS as readonly string[]).includes(l)) return l as LogLevel;
  throw new Error(`unknown log level "${raw}" in "${item}"; one of ${LOG_LEVELS.join(", ")} (or none)`);
}

export function parseLevelSpec(spec: string): LevelSpec {
  const modules = new Map<string, LogLevel>();
  let fallback: LogLevel | undefined;
  const items = spec.split(",").map((s) => s.trim());
  if (items.some((s) => s === "")) throw new Error(`empty entry in log level "${spec}"`);
  for (const item of items) {
    const colon = item.lastIndexOf(":");
    if (colon < 0) {
      if (fallback !== undefined) throw new Error(`log level "${spec}" sets the default level twice`);
      fallback = level(item, item);
      continue;
    }
    const module = item.slice(0, colon).trim();
    const l = level(item.slice(colon + 1), item);
    if (module === "" || module === "*") {
      if (fallback !== undefined) throw new Error(`log level "${spec}" sets the default level twice`);
      fallback = l;
    } else if (modules.has(module)) throw new Error(`log level "${spec}" sets module ${module} twice`);
    else modules.set(module, l);
  }
  return { default: fallback ?? "info", modules };
}

export function levelOf(spec: LevelSpec, module: unknown): LogLevel {
  return (typeof module === "string" && spec.modules.get(module)) || spec.default;
}
