import { SimulateRequest } from "cosmjs-types/cosmos/tx/v1beta1/service";
import { CheckTxType } from "cosmjs-types/tendermint/abci/types";
import { isDeepStrictEqual } from "node:util";
import type { App } from "../../../src/app/app";
import { runTx, type RunnerDeps } from "../../../src/app/tx/runner";
import type { Branch } from "../../../src/store/types";
import { accAddress, valAddress } from "../../../src/types/address";
import type { Timestamp } from "../../../src/types/codec";
import type { BlockInfo } from "../../../src/types/context";
import { sdkErrors } from "../../../src/types/errors";
import type { Logger } from "../../../src/types/logger";
import { DENOM, TestChain, testKey, CHAIN_ID } from "../chain";
import type { FuzzSigner, TxFuzzEnv, TxInput } from "./tx-gen";
import { EDGE_STRINGS } from "./values";

/** A logger that keeps every error line: the tx runner logs each non-AppError it catches. */
export class ErrorCapture implements Logger {
  readonly errors: string[] = [];
  info(): void {}
  warn(): void {}
  debug(): void {}
  error(obj: unknown, msg?: string): void {
    this.errors.push(`${msg ?? ""} ${JSON.stringify(obj, (_k, v) => (typeof v === "bigint" ? v.toString() : v)).slice(0, 1500)}`);
  }
  child(): Logger {
    return this;
  }
}

/** The app's private tx pipeline, to run one tx on a throwaway branch and look at what it wrote. */
interface AppInternals {
  runner: RunnerDeps;
  meta: { lastBlockTime: Timestamp };
  blockInfo(height: bigint, time: Timestamp): BlockInfo;
}

const FUZZ_KEYS = ["alice", "bob", "carol"];

/**
 * CheckTx, Simulate and block execution over one fuzz input, with the properties every input
 * must keep: nothing throws, no answer carries the panic code or a gRPC Internal status, no
 * non-AppError is logged by the tx runner, and a refused tx writes nothing beyond its ante
 * effects (a tx that fails in decode or ante writes nothing at all).
 */
export class CheckTxTarget {
  readonly codes = new Map<string, number>();
  /** CheckTx's code for the last input run (0: it would enter the mempool). */
  lastCheckCode = -1;
  private signerCache: FuzzSigner[] | undefined;
  readonly env: TxFuzzEnv;

  private constructor(
    readonly chain: TestChain,
    readonly log: ErrorCapture,
  ) {
    const app = chain.app;
    const validator = testKey("validator").address;
    this.env = {
      chainId: CHAIN_ID,
      denom: DENOM,
      msgDefs: app.router.allMsgs(),
      strings: [...FUZZ_KEYS, "validator"]
        .map((k) => testKey(k).address)
        .concat([valAddress.encode(accAddress.decode(validator)), DENOM, "1000", ...EDGE_STRINGS.slice(0, 20)]),
      anyTypes: [
        ...app.router.allMsgs().map((d) => d.typeUrl),
        "/cosmos.crypto.secp256k1.PubKey",
        "/cosmos.crypto.ed25519.PubKey",
        "/cosmos.bank.v1beta1.SendAuthorization",
        "/cosmos.authz.v1beta1.GenericAuthorization",
        "/cosmos.feegrant.v1beta1.BasicAllowance",
      ],
      signers: () =>
        (this.signerCache ??= FUZZ_KEYS.map((name) => {
          const key = testKey(name);
          const account = chain.account(key.address);
          return { key, accountNumber: account?.accountNumber ?? 0n, sequence: account?.sequence ?? 0n };
        })),
    };
  }

  static async create(): Promise<CheckTxTarget> {
    const log = new ErrorCapture();
    const chain = await TestChain.create({ logger: log, admitValidators: FUZZ_KEYS });
    return new CheckTxTarget(chain, log);
  }

  close(): Promise<void> {
    return this.chain.close();
  }

  private count(what: string, code: number, codespace: string): void {
    const key = `${what} ${codespace || "ok"}/${code}`;
    this.codes.set(key, (this.codes.get(key) ?? 0) + 1);
  }

  /** The problems this input revealed; empty when every property holds. `deliver` adds block execution on a branch. */
  run(input: TxInput, opts: { deliver?: boolean; simulate?: boolean } = {}): string[] {
    const problems: string[] = [];
    const app = this.chain.app;
    const logged = this.log.errors.length;
    this.lastCheckCode = -1;
    const guard = (what: string, fn: () => void) => {
      try {
        fn();
      } catch (e) {
        problems.push(`${what} threw: ${(e as Error).stack ?? String(e)}`);
      }
    };
    guard("CheckTx", () => {
      const res = app.checkTx({ tx: input.bytes, type: CheckTxType.NEW }, { keep: false });
      this.count("check", res.code, res.codespace);
      this.lastCheckCode = res.code;
      if (res.code === sdkErrors.ErrPanic.code) problems.push(`CheckTx answered the panic code: ${res.log}`);
    });
    if (opts.simulate !== false) {
      guard("Simulate", () => {
        const res = app.query({
          path: "/cosmos.tx.v1beta1.Service/Simulate",
          data: SimulateRequest.encode({ txBytes: input.bytes }).finish(),
          height: 0n,
          prove: false,
        });
        this.count("simulate", res.code, res.codespace);
        if (res.log.includes("code = Internal")) problems.push(`Simulate answered Internal: ${res.log.slice(0, 500)}`);
      });
    }
    if (opts.deliver) guard("deliver", () => problems.push(...this.refusedWritesNothing(app, input.bytes)));
    if (this.log.errors.length > logged) problems.push(...this.log.errors.slice(logged).map((e) => `logged: ${e}`));
    return problems;
  }

  /** Runs the tx as a block would (deliver) and as CheckTx would, each on its own branch of committed state. */
  private refusedWritesNothing(app: App, bytes: Uint8Array): string[] {
    const internals = app as unknown as AppInternals;
    const block = internals.blockInfo(app.lastHeight + 1n, internals.meta.lastBlockTime);
    const delivered: Branch = app.store.branch();
    const res = runTx(internals.runner, delivered, block, "deliver", bytes);
    this.count("deliver", res.code, res.codespace);
    if (res.code === sdkErrors.ErrPanic.code) return [`deliver answered the panic code: ${res.log}`];
    if (res.code === 0) return [];
    const anteOnly: Branch = app.store.branch();
    const ante = runTx(internals.runner, anteOnly, block, "check", bytes);
    const expected = ante.code === 0 ? anteOnly.changes() : [];
    return isDeepStrictEqual(delivered.changes(), expected)
      ? []
      : [`refused tx (code ${res.codespace}/${res.code}) wrote more than its ante effects`];
  }

  /** Puts txs through the mempool and into a block (as a proposer would), then refreshes sequences. */
  async block(txs: Uint8Array[]): Promise<string[]> {
    const problems: string[] = [];
    try {
      for (const tx of txs) await this.chain.engine.broadcastTxSync(tx);
      await this.chain.produceBlocks(1);
    } catch (e) {
      problems.push(`block with fuzz txs failed: ${(e as Error).stack}`);
    }
    this.signerCache = undefined;
    return problems;
  }
}
