/**
 * app.toml's pruning settings, as the Cosmos SDK names and checks them, resolved to what
 * the commit store keeps: undo logs of the last `keepRecent` heights (0 = every height),
 * which serve both queries at older heights and `blockchaind rollback`.
 */
export type PruningStrategy = "default" | "nothing" | "everything" | "custom";

export interface PruningSettings {
  pruning: PruningStrategy;
  /** Used by "custom" only, as in the SDK. */
  pruningKeepRecent: number;
  pruningInterval: number;
}

export interface StorePruning {
  keepRecent: number;
  pruneInterval: number;
}

const STRATEGIES: readonly PruningStrategy[] = ["default", "nothing", "everything", "custom"];

// The SDK's pruningtypes presets and bounds.
const DEFAULT_KEEP_RECENT = 362_880;
const EVERYTHING_KEEP_RECENT = 2;
const EVERYTHING_INTERVAL = 10;

export function parsePruningStrategy(raw: string): PruningStrategy {
  const s = raw as PruningStrategy;
  if (!STRATEGIES.includes(s)) throw new Error(`unknown pruning strategy ${JSON.stringify(raw)}: use one of ${STRATEGIES.join(", ")}`);
  return s;
}

/** Throws with the SDK's wording when "custom" asks for less than the "everything" preset keeps. */
export function storePruning(p: PruningSettings): StorePruning {
  switch (p.pruning) {
    case "default":
      return { keepRecent: DEFAULT_KEEP_RECENT, pruneInterval: EVERYTHING_INTERVAL };
    case "everything":
      return { keepRecent: EVERYTHING_KEEP_RECENT, pruneInterval: EVERYTHING_INTERVAL };
    case "nothing":
      return { keepRecent: 0, pruneInterval: 1 };
    case "custom":
      if (!Number.isInteger(p.pruningInterval) || p.pruningInterval === 0)
        throw new Error("'pruning-interval' must not be 0. If you want to disable pruning, select pruning = \"nothing\"");
      if (p.pruningInterval < EVERYTHING_INTERVAL)
        throw new Error(
          `'pruning-interval' must not be less than ${EVERYTHING_INTERVAL}. For the most aggressive pruning, select pruning = "everything"`,
        );
      if (!Number.isInteger(p.pruningKeepRecent) || p.pruningKeepRecent < EVERYTHING_KEEP_RECENT)
        throw new Error(
          `'pruning-keep-recent' must not be less than ${EVERYTHING_KEEP_RECENT}. For the most aggressive pruning, select pruning = "everything"`,
        );
      return { keepRecent: p.pruningKeepRecent, pruneInterval: p.pruningInterval };
  }
}
