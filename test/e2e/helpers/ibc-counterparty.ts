import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Bip39 } from "@cosmjs/crypto";
import { DirectSecp256k1HdWallet } from "@cosmjs/proto-signing";
import { PROJECT_ROOT } from "../../../src/cli/home";
import { waitForHeight } from "../../../src/cli/localnet";

/**
 * A single-validator ibc-go v10 chain (the testing simapp's `simd`, built by
 * scripts/install-ibc-simd.sh) as the IBC counterparty of the e2e suite: fast blocks, a funded
 * relayer and a funded user account, every endpoint on free loopback ports, home in a temp dir.
 */

export const SIMD_BIN = join(PROJECT_ROOT, ".bin", "ibc-simd");
export const SIMD_DENOM = "stake";
export const SIMD_BECH32_PREFIX = "cosmos";

/**
 * Builds .bin/ibc-simd when missing or stale (the script returns at once when its stamp matches);
 * a failed build fails the suite (never a skip).
 */
export function requireIbcSimd(): string {
  execFileSync("bash", [join(PROJECT_ROOT, "scripts", "install-ibc-simd.sh")], { stdio: ["ignore", "ignore", "inherit"] });
  if (!existsSync(SIMD_BIN)) throw new Error(`the ibc-go simd is required and ${SIMD_BIN} could not be built`);
  return SIMD_BIN;
}

/** A 24-word mnemonic fixed by its role's name, so every run funds the same addresses. */
export function roleMnemonic(role: string): string {
  return Bip39.encode(createHash("sha256").update(`ibc-counterparty/${role}`).digest()).toString();
}

export interface SimdAccount {
  readonly mnemonic: string;
  readonly address: string;
}

export async function simdAccount(role: string): Promise<SimdAccount> {
  const mnemonic = roleMnemonic(role);
  const wallet = await DirectSecp256k1HdWallet.fromMnemonic(mnemonic, { prefix: SIMD_BECH32_PREFIX });
  const [{ address }] = await wallet.getAccounts();
  return { mnemonic, address };
}

export interface SimdChainOptions {
  chainId?: string;
  /** CometBFT's timeout_commit; blocks come about this often. */
  blockTime?: string;
  /** Initial balance (in `stake`) of the relayer and of the user account. */
  fundedAmount?: bigint;
}

export interface SimdChain {
  readonly chainId: string;
  readonly home: string;
  readonly rpcUrl: string;
  readonly restUrl: string;
  readonly grpcAddress: string;
  readonly relayer: SimdAccount;
  readonly user: SimdAccount;
  readonly validator: SimdAccount;
  /** The node's combined stdout/stderr. */
  readonly logFile: string;
  balance(address: string, denom?: string): Promise<bigint>;
  /** SIGTERM, then SIGKILL after 10 s; removes the home unless E2E_KEEP is set. */
  stop(): Promise<void>;
}

const VALIDATOR_STAKE = 1_000_000_000n;

export async function startSimdChain(o: SimdChainOptions = {}): Promise<SimdChain> {
  const bin = requireIbcSimd();
  const chainId = o.chainId ?? "ibc-sim-1";
  const funded = o.fundedAmount ?? 100_000_000_000n;
  const home = mkdtempSync(join(tmpdir(), `e2e-${chainId}-`));
  const [validator, relayer, user] = await Promise.all(["validator", "relayer", "user"].map((r) => simdAccount(`${chainId}/${r}`)));
  const simd = (args: string[], input?: string) =>
    execFileSync(bin, [...args, "--home", home], { input, stdio: ["pipe", "pipe", "pipe"], encoding: "utf8" });

  simd(["init", "validator", "--chain-id", chainId, "--default-denom", SIMD_DENOM]);
  simd(["keys", "add", "validator", "--recover", "--keyring-backend", "test"], `${validator.mnemonic}\n`);
  for (const a of [validator, relayer, user]) {
    const amount = a === validator ? VALIDATOR_STAKE * 2n : funded;
    simd(["genesis", "add-genesis-account", a.address, `${amount}${SIMD_DENOM}`]);
  }
  simd(["genesis", "gentx", "validator", `${VALIDATOR_STAKE}${SIMD_DENOM}`, "--chain-id", chainId, "--keyring-backend", "test"]);
  simd(["genesis", "collect-gentxs"]);
  setTimeoutCommit(join(home, "config", "config.toml"), o.blockTime ?? "500ms");

  const [rpcPort, p2pPort, grpcPort, apiPort] = await freePorts(4);
  const logFile = join(home, "simd.log");
  const log = openSync(logFile, "a");
  const child = spawn(
    bin,
    [
      "start",
      "--home",
      home,
      "--rpc.laddr",
      `tcp://127.0.0.1:${rpcPort}`,
      "--p2p.laddr",
      `tcp://127.0.0.1:${p2pPort}`,
      "--grpc.address",
      `127.0.0.1:${grpcPort}`,
      "--api.enable",
      "--api.address",
      `tcp://127.0.0.1:${apiPort}`,
      "--rpc.pprof_laddr",
      "",
      "--log_level",
      "warn",
    ],
    { stdio: ["ignore", log, log] },
  );
  closeSync(log);

  const rpcUrl = `http://127.0.0.1:${rpcPort}`;
  const restUrl = `http://127.0.0.1:${apiPort}`;
  const stop = async () => {
    await stopProcess(child);
    if (!process.env.E2E_KEEP) rmSync(home, { recursive: true, force: true });
  };
  try {
    await Promise.race([waitForHeight(rpcUrl, 2, 60_000), exited(child, logFile)]);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    chainId,
    home,
    rpcUrl,
    restUrl,
    grpcAddress: `127.0.0.1:${grpcPort}`,
    relayer,
    user,
    validator,
    logFile,
    balance: (address, denom = SIMD_DENOM) => restBalance(restUrl, address, denom),
    stop,
  };
}

/** Bank balance through the chain's REST gateway. */
export async function restBalance(restUrl: string, address: string, denom: string): Promise<bigint> {
  const url = `${restUrl}/cosmos/bank/v1beta1/balances/${address}/by_denom?denom=${encodeURIComponent(denom)}`;
  const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { balance?: { amount: string } };
  return BigInt(body.balance?.amount ?? "0");
}

function setTimeoutCommit(configToml: string, value: string): void {
  const text = readFileSync(configToml, "utf8");
  const patched = text.replace(/^timeout_commit = ".*"$/m, `timeout_commit = "${value}"`);
  if (patched === text) throw new Error(`${configToml} has no timeout_commit line to set`);
  writeFileSync(configToml, patched);
}

/** Rejects when the node exits before it is ready, with the tail of its log. */
function exited(child: ChildProcess, logFile: string): Promise<never> {
  return new Promise((_, reject) => {
    child.once("exit", (code, signal) => {
      const tail = existsSync(logFile) ? readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n") : "";
      reject(new Error(`simd exited before producing blocks (code ${code}, signal ${signal}):\n${tail}`));
    });
  });
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
  await done;
  clearTimeout(killer);
}

/**
 * `n` consecutive free loopback ports below the kernel's ephemeral range (so no outgoing
 * connection can take one between this probe and the node binding it).
 */
export async function freePorts(n: number): Promise<number[]> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const ports = Array.from({ length: n }, (_, i) => base + i);
    if ((await Promise.all(ports.map(portFree))).every(Boolean)) return ports;
  }
  throw new Error(`no ${n} consecutive free ports found`);
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen(port, "127.0.0.1", () => server.close(() => resolve(true)));
  });
}
