import { InvalidArgumentError, Option } from "commander";
import { LOG_FORMATS, type LogFormat } from "../logger";
import { parseLevelSpec } from "./levels";

function levelSpec(v: string): string {
  try {
    parseLevelSpec(v);
  } catch (e) {
    throw new InvalidArgumentError((e as Error).message);
  }
  return v;
}

const LEVEL_HELP = 'log level, or per-module levels "*:info,engine:debug,abci:error" (default: app.toml log_level, else info)';

/** The SDK's logging flags (snake_case, as CometBFT and simd spell them). */
export const LOG_OPTIONS = {
  level: () => new Option("--log_level <level>", LEVEL_HELP).argParser(levelSpec),
  /** The name this CLI used before it took the SDK's. */
  levelAlias: () => new Option("--log-level <level>", "same as --log_level").argParser(levelSpec).hideHelp(),
  format: () =>
    new Option(
      "--log_format <format>",
      "plain (human lines) or json (default: app.toml log_format, else plain on a terminal, json otherwise)",
    ).choices(LOG_FORMATS),
  noColor: () => new Option("--log_no_color", "plain lines without colours (also: NO_COLOR, app.toml log_no_color)"),
};

/** What commander parsed from those flags. */
export function logFlags(o: Record<string, unknown>): { logLevel?: string; logFormat?: LogFormat; logNoColor?: boolean } {
  return {
    logLevel: (o.log_level ?? o.logLevel) as string | undefined,
    logFormat: o.log_format as LogFormat | undefined,
    logNoColor: o.log_no_color as boolean | undefined,
  };
}
