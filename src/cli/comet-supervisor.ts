import { spawn, type ChildProcess } from "node:child_process";
import { createInterface } from "node:readline";
import type { Logger } from "../types/logger";

export interface CometSupervisorOptions {
  binary: string;
  home: string;
  logger: Logger;
  /** First restart delay; doubles on each quick failure up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A run this long counts as healthy: the next failure restarts after restartDelayMs again. */
  healthyAfterMs?: number;
  /** Time CometBFT gets to stop on SIGTERM before SIGKILL. */
  stopGraceMs?: number;
  /** Told when CometBFT exits and will not be restarted (the app halted for an upgrade or halt height). */
  onFinalExit?: (code: number | null, signal: NodeJS.Signals | null) => void;
}

type Level = "debug" | "info" | "warn" | "error";

/** CometBFT's plain log line, `I[2026-11-23|23:06:08.204] msg   key=value ...`: level and the rest. */
export function parseCometLogLine(
  line: string,
  unformatted: Level = "info",
): { level: Level; msg: string; fields: Record<string, unknown> } {
  if (line.startsWith("{")) {
    try {
      const { level, msg, _msg, module, ...fields } = JSON.parse(line) as Record<string, unknown>;
      return {
        level: levelOf(String(level ?? "info")),
        msg: String(msg ?? _msg ?? ""),
        fields: module === undefined ? fields : { ...fields, cometModule: module },
      };
    } catch {
      // not JSON after all: logged as a plain line
    }
  }
  const m = /^([DIEW])\[[^\]]*\]\s+(.*)$/.exec(line);
  if (!m) return { level: unformatted, msg: line, fields: {} };
  const rest = m[2]!;
  const firstField = /\s+(?=[\w.-]+=)/.exec(rest);
  const msg = (firstField ? rest.slice(0, firstField.index) : rest).trimEnd();
  const fields: Record<string, unknown> = {};
  if (firstField) {
    for (const f of rest.slice(firstField.index).matchAll(/([\w.-]+)=("(?:[^"\\]|\\.)*"|\S*)/g)) {
      const raw = f[2]!;
      let value: unknown = raw;
      if (raw.startsWith('"')) {
        try {
          value = JSON.parse(raw);
        } catch {
          value = raw.slice(1, -1);
        }
      }
      // Our logger's own keys keep their meaning: CometBFT's module and msg are renamed.
      fields[RENAMED[f[1]!] ?? f[1]!] = value;
    }
  }
  return { level: levelOf(m[1]!), msg, fields };
}

const RENAMED: Record<string, string> = { module: "cometModule", msg: "detail", level: "cometLevel", time: "cometTime" };

function levelOf(s: string): Level {
  switch (s.toLowerCase()) {
    case "d":
    case "debug":
      return "debug";
    case "e":
    case "error":
      return "error";
    case "w":
    case "warn":
      return "warn";
    default:
      return "info";
  }
}

/**
 * `blockchaind start --with-comet`: CometBFT as a child of the app process. Started once the
 * ABCI server listens; restarted (with backoff) when it dies unless the app halted; stopped
 * first on shutdown. Its log lines go through the app's pino logger (module "cometbft").
 *
 * When the app process itself dies, CometBFT loses its ABCI connections and exits on its own,
 * so no orphan holds the ports when the operator (or systemd) starts the node again.
 */
export class CometSupervisor {
  private child: ChildProcess | undefined;
  private stopping = false;
  private halted = false;
  private delay: number;
  private restartTimer: NodeJS.Timeout | undefined;
  private readonly log: Logger;
  restarts = 0;

  constructor(private readonly o: CometSupervisorOptions) {
    this.delay = o.restartDelayMs ?? 1_000;
    this.log = o.logger.child({ module: "cometbft" });
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  start(): void {
    if (this.stopping) return;
    const startedAt = Date.now();
    const child = spawn(this.o.binary, ["start", "--home", this.o.home], { stdio: ["ignore", "pipe", "pipe"] });
    this.child = child;
    // CometBFT logs to stdout; what reaches stderr without its format is a Go panic or a fatal error.
    for (const [stream, unformatted] of [
      [child.stdout!, "info"],
      [child.stderr!, "error"],
    ] as const) {
      createInterface({ input: stream }).on("line", (line) => {
        const { level, msg, fields } = parseCometLogLine(line, unformatted);
        this.log[level](fields, msg);
      });
    }
    child.on("error", (e) => this.log.error({ err: e.message }, "cannot run cometbft"));
    child.once("exit", (code, signal) => {
      this.child = undefined;
      if (this.stopping) return;
      if (this.halted) {
        this.log.info({ code, signal }, "cometbft exited after the app halted; not restarting");
        this.o.onFinalExit?.(code, signal);
        return;
      }
      if (Date.now() - startedAt >= (this.o.healthyAfterMs ?? 60_000)) this.delay = this.o.restartDelayMs ?? 1_000;
      this.log.warn({ code, signal, restartInMs: this.delay }, "cometbft exited; restarting it");
      this.restartTimer = setTimeout(() => {
        this.restarts++;
        this.start();
      }, this.delay);
      this.delay = Math.min(this.delay * 2, this.o.maxRestartDelayMs ?? 30_000);
    });
    this.log.info({ pid: child.pid, home: this.o.home }, "cometbft started");
  }

  /** The app stopped producing (upgrade needed, halt height): CometBFT's next exit is final. */
  markHalted(): void {
    this.halted = true;
  }

  /** SIGTERM, then SIGKILL after the grace period; resolves once it has exited. */
  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
    child.kill("SIGTERM");
    const kill = setTimeout(() => child.kill("SIGKILL"), this.o.stopGraceMs ?? 15_000);
    await exited;
    clearTimeout(kill);
  }
}
