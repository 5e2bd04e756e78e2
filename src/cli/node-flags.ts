import { spawn } from "node:child_process";
import inspector from "node:inspector";
import { constants } from "node:os";

/**
 * V8 flags the node runs with, however it is started: bin/blockchaind.js's shebang and `npm
 * start` pass them (a unit test keeps them equal to this list), the localnet passes them to its
 * app processes, and `blockchaind start` re-executes itself with them when node was started
 * without (ensureNodeFlags). A larger young generation: a block's txs allocate ~20 KB each, most
 * of it dead by the block's end, and with the default 16 MB semi-space much of it was copied and
 * promoted first — app CPU per tx under CometBFT −8 %. V8 sizes the young generation when the
 * process starts: v8.setFlagsFromString later leaves it as it is.
 */
export const APP_NODE_FLAGS = ["--max-semi-space-size=64"];

/** Set (to the launcher's pid) in the re-executed node: it never re-executes again. */
export const REEXEC_ENV = "BLOCKCHAIND_REEXEC";
/** `1`: run the node in this process even without APP_NODE_FLAGS; a warning says how to start it. */
export const NO_REEXEC_ENV = "BLOCKCHAIND_NO_REEXEC";

/**
 * Forwarded from the launcher to the node. The node runs in its own session, so a terminal's
 * Ctrl-C (sent to the foreground process group) reaches it once, through here: a second
 * SIGINT/SIGTERM makes the node exit without its clean shutdown.
 */
const FORWARDED_SIGNALS: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGQUIT", "SIGUSR2"];

/** `--max_semi_space_size=64` → `max-semi-space-size` (V8 reads `_` and `-` alike). */
const flagName = (arg: string) => arg.replace(/^--?/, "").split("=")[0].replaceAll("_", "-");

/**
 * The APP_NODE_FLAGS this process was started without: neither on node's command line nor in
 * NODE_OPTIONS. A flag given with another value counts as given (the operator's choice). Node 20
 * exposes no V8 flag's value: the young generation's current size (v8.getHeapSpaceStatistics
 * new_space) starts at 1 MB whatever its maximum, and heap_size_limit adds 3 semi-spaces to an
 * old-generation limit that depends on the machine's memory.
 */
export function missingNodeFlags(execArgv: readonly string[] = process.execArgv, nodeOptions = process.env.NODE_OPTIONS ?? ""): string[] {
  const given = new Set([...nodeOptions.split(/\s+/), ...execArgv].filter((a) => a.startsWith("-")).map(flagName));
  return APP_NODE_FLAGS.filter((f) => !given.has(flagName(f)));
}

/** node's arguments for the same command with `missing` added: this process's node options, then the flags, the script and its arguments. */
export function reexecArgs(
  missing: readonly string[],
  execArgv: readonly string[] = process.execArgv,
  argv: readonly string[] = process.argv,
): string[] {
  return [...execArgv, ...missing, argv[1], ...argv.slice(2)];
}

const quote = (a: string) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replaceAll("'", "'\\''")}'`);

/**
 * `blockchaind start …`, the one command that runs a node for long (the program has no options
 * before its command; `start --help` only prints).
 */
export function isNodeCommand(argv: readonly string[]): boolean {
  return argv[2] === "start" && !argv.slice(3).some((a) => a === "-h" || a === "--help");
}

/** Why this process must run the node itself, if it must. */
function inProcessReason(reexecuted: boolean, reexec: boolean): string | undefined {
  if (reexecuted) return "it was re-executed once already";
  if (!reexec) return "--no-reexec";
  if (process.env[NO_REEXEC_ENV] === "1") return `${NO_REEXEC_ENV}=1`;
  if (inspector.url() !== undefined) return "a debugger is attached to this process";
  if (!process.argv[1]) return "no script to re-run";
  return undefined;
}

/**
 * Called before a node command (isNodeCommand) loads the node. Returns when this process is
 * to run the node: it has APP_NODE_FLAGS, or re-executing is off (then a warning gives the
 * command line with the flags). Otherwise runs the same command in a child node with the flags
 * and never returns: this process forwards its signals and exits as the child did.
 */
export async function ensureNodeFlags(o: { reexec?: boolean } = {}): Promise<void> {
  const reexecuted = process.env[REEXEC_ENV] !== undefined;
  if (reexecuted) {
    // Not passed on to what the node starts (CometBFT, another blockchaind).
    delete process.env[REEXEC_ENV];
    stopWithLauncher();
  }
  const missing = missingNodeFlags();
  if (missing.length === 0) return;
  const reason = inProcessReason(reexecuted, o.reexec !== false);
  if (reason === undefined && (await runInChild(missing))) return;
  const command = [process.execPath, ...reexecArgs(missing)].filter((a) => a !== undefined && a !== "--no-reexec").map(quote);
  process.stderr.write(
    `blockchaind: WARNING: running without ${missing.join(" ")} (${reason ?? "could not start a child node"}): ` +
      `the node is slower (more GC work per block). Start it as: ${command.join(" ")}\n`,
  );
}

/**
 * The re-executed node stops cleanly when its launcher dies (killed with SIGKILL, say): the IPC
 * channel closes. It may have closed already, while node was still loading this module.
 */
function stopWithLauncher(): void {
  const gone = () => {
    process.stderr.write("blockchaind: the launching process is gone; stopping\n");
    process.kill(process.pid, "SIGTERM");
  };
  if (typeof process.send !== "function") return; // the marker, but no channel: not started by a launcher
  if (!process.connected) return gone();
  process.channel?.unref();
  process.once("disconnect", gone);
}

/** Resolves false if the child could not be started (the caller runs the node); otherwise exits with the child. */
function runInChild(missing: string[]): Promise<boolean> {
  const child = spawn(process.execPath, reexecArgs(missing), {
    stdio: ["inherit", "inherit", "inherit", "ipc"],
    env: { ...process.env, [REEXEC_ENV]: String(process.pid) },
    // Its own session: signals reach it from here only (see FORWARDED_SIGNALS).
    detached: true,
  });
  const forward = (signal: NodeJS.Signals) => () => void child.kill(signal);
  for (const s of FORWARDED_SIGNALS) process.on(s, forward(s));
  // Ctrl-Z: the node, in another session, would get no SIGTSTP (and would ignore it): stop both, resume both.
  process.on("SIGTSTP", () => {
    child.kill("SIGSTOP");
    process.kill(process.pid, "SIGSTOP");
  });
  process.on("SIGCONT", () => void child.kill("SIGCONT"));
  return new Promise<boolean>((resolve) => {
    child.once("error", () => {
      for (const s of [...FORWARDED_SIGNALS, "SIGTSTP", "SIGCONT"]) process.removeAllListeners(s);
      resolve(false);
    });
    child.once("spawn", () =>
      process.stderr.write(
        `blockchaind: node was started without ${missing.join(" ")}; the node runs in child process ${child.pid} with it ` +
          `(this one forwards signals and exits with it; ${NO_REEXEC_ENV}=1 or --no-reexec: run here instead)\n`,
      ),
    );
    child.once("exit", (code, signal) => exitAs(code, signal));
  });
}

/** Exits with the child's code, or dies of the child's signal (as a shell or systemd expects of a node killed by one). */
function exitAs(code: number | null, signal: NodeJS.Signals | null): void {
  if (signal === null) process.exit(code ?? 1);
  for (const s of [...FORWARDED_SIGNALS, "SIGTSTP", "SIGCONT"]) process.removeAllListeners(s);
  process.kill(process.pid, signal);
  // A signal whose default action is not to terminate: exit as a shell reports a signalled process.
  setTimeout(() => process.exit(128 + (constants.signals[signal] ?? 0)), 100);
}
