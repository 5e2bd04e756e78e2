import { admitInGenesisJson } from "../../src/modules/validatorgov";
import type { SigVerifyPool } from "../../src/app/tx/sig-pool";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import type { ExecTxResult } from "cosmjs-types/tendermint/abci/types";
import { App } from "../../src/app/app";
import type { CommitStoreOptions } from "../../src/store/commit-store";
import { buildModules, type BuildOptions } from "../../src/app/modules";
import { buildDevGenesis, type GenesisAccount } from "../../src/abci/dev/genesis";
import { DevEngine } from "../../src/abci/dev/engine";
import type { GenesisDoc } from "../../src/abci/genesis-doc";
import { Secp256k1Key } from "../../src/client/signer";
import { signTx, type TxOptions } from "../../src/client/tx-builder";
import type { AnyMsg, Codec, Timestamp } from "../../src/types/codec";
import { silentLogger, type Logger } from "../../src/types/logger";
import { baseOf } from "../../src/modules/auth/keeper";
import { createTestGovModule, type GovExecResult } from "./test-gov";
import { ensureFoundationGroup, type FoundationSpec } from "../../src/app/foundation-genesis";

export const DENOM = "uyml";
export const CHAIN_ID = "test-chain";

export interface TestChainOptions {
  /** Named keys funded at genesis (default: alice, bob, carol with 10^12 uyml each). */
  funded?: Record<string, ProtoCoinLike[]>;
  minGasPrices?: string;
  mutateGenesis?: (appState: Record<string, any>) => void;
  /**
   * Named keys admitted as validators in validatorgov's genesis (applied before mutateGenesis),
   * so they may create validators: only governance-admitted operators may.
   */
  admitValidators?: string[];
  logger?: Logger;
  dir?: string;
  /** Module-list options (extra modules after the test gov harness, the binary's upgrade handlers). */
  build?: BuildOptions;
  /** Commit store settings (heights kept). */
  store?: CommitStoreOptions;
  /** Worker pool verifying NEW CheckTxs' signatures ahead of their turn (App.precheckTx). */
  sigPool?: SigVerifyPool;
  /** Every module's invariants checked after each block (app.toml `invariants`): a break fails the block. */
  invariants?: boolean;
}

type ProtoCoinLike = { denom: string; amount: string };

export interface DeliverOptions extends Partial<TxOptions> {
  sequence?: bigint;
  accountNumber?: bigint;
}

export interface DeliverResult extends ExecTxResult {
  hash: string;
  height: bigint;
  /** Set when CheckTx refused the tx, in which case no block was produced for it. */
  checkTx?: boolean;
}

/** Deterministic named keys: the same name gives the same key in every test. */
export function testKey(name: string): Secp256k1Key {
  return Secp256k1Key.fromSeed(`test-key/${name}`);
}

/** The test chain's foundation custodians (three of five sign), whose group policy is the recovery destination. */
export function foundationCustodians(): Secp256k1Key[] {
  return [0, 1, 2, 3, 4].map((i) => testKey(`foundation/custodian-${i}`));
}

/** The test custodians' foundation: three of five sign. */
export function testFoundation(createdAt: string): FoundationSpec {
  return { custodians: foundationCustodians().map((k) => k.address), threshold: 3, createdAt };
}

/** A test genesis naming no recovery destination gets the test custodians' foundation (group 1 when it is the first group). */
export function ensureTestFoundation(appState: Record<string, any>, createdAt = "2026-01-01T00:00:00Z"): void {
  ensureFoundationGroup(appState, () => testFoundation(createdAt));
}

/**
 * An in-process single-validator chain over the real app, driven by the dev engine in
 * manual mode: every module test signs real txs and submits them through CheckTx and blocks.
 */
export class TestChain {
  private constructor(
    readonly app: App,
    readonly engine: DevEngine,
    readonly dir: string,
    readonly genesis: GenesisDoc,
    private readonly ownsDir: boolean,
    private readonly testGov: ReturnType<typeof createTestGovModule>,
  ) {}

  /**
   * Executes messages whose authority is the gov module account, as a passed proposal would,
   * in the next block (all or nothing). Messages must name `govAuthority()` as authority.
   */
  async govExec(msgs: AnyMsg[]): Promise<GovExecResult> {
    const result = this.testGov.enqueue(msgs);
    await this.engine.produceBlock();
    return result;
  }

  static async create(opts: TestChainOptions = {}): Promise<TestChain> {
    const dir = opts.dir ?? mkdtempSync(join(tmpdir(), "chain-"));
    const logger = opts.logger ?? silentLogger;
    const testGov = createTestGovModule();
    const modules = buildModules({ ...opts.build, extraModules: [testGov, ...(opts.build?.extraModules ?? [])] });
    const funded = opts.funded ?? {
      alice: [{ denom: DENOM, amount: "1000000000000" }],
      bob: [{ denom: DENOM, amount: "1000000000000" }],
      carol: [{ denom: DENOM, amount: "1000000000000" }],
    };
    const accounts: GenesisAccount[] = Object.entries(funded).map(([name, coins]) => ({ address: testKey(name).address, coins }));
    // The dev validator's operator, bonded in staking at genesis; funded so it can pay fees.
    const operator = testKey("validator").address;
    if (!accounts.some((a) => a.address === operator))
      accounts.push({ address: operator, coins: [{ denom: DENOM, amount: "1000000000000" }] });
    const genesisTime = "2026-01-01T00:00:00Z";
    const genesis = buildDevGenesis(modules, {
      chainId: CHAIN_ID,
      genesisTime,
      accounts,
      validatorSeed: new Uint8Array(32).fill(7),
      validatorOperator: operator,
      foundation: testFoundation,
      mutate: (appState) => {
        for (const name of opts.admitValidators ?? []) admitInGenesisJson(appState, testKey(name).address);
        opts.mutateGenesis?.(appState);
      },
    });
    const app = await App.open({
      dataDir: join(dir, "app"),
      modules,
      logger,
      minGasPrices: opts.minGasPrices ?? "",
      store: opts.store,
      sigPool: opts.sigPool,
      invariants: opts.invariants,
    });
    let engine: DevEngine;
    try {
      engine = await DevEngine.open({ app, blockDir: join(dir, "blocks"), genesis, logger });
      // Genesis state becomes queryable only once block 1 commits, as on CometBFT.
      if (engine.height === 0n) await engine.produceBlock();
    } catch (e) {
      await app.close();
      throw e;
    }
    return new TestChain(app, engine, dir, genesis, opts.dir === undefined, testGov);
  }

  async close(): Promise<void> {
    await this.engine.close();
    await this.app.close();
    if (this.ownsDir) rmSync(this.dir, { recursive: true, force: true });
  }

  get height(): bigint {
    return this.engine.height;
  }

  /** Typed ABCI query through App.query; throws with the log on a non-zero code. */
  query<Q, R>(path: string, reqCodec: Codec<Q>, req: Q, resCodec: Codec<R>): R {
    const res = this.app.query({ path, data: reqCodec.encode(req).finish(), height: 0n, prove: false });
    if (res.code !== 0) throw Object.assign(new Error(res.log), { code: res.code, codespace: res.codespace });
    return resCodec.decode(res.value);
  }

  account(address: string): BaseAccount | undefined {
    try {
      const res = this.query("/cosmos.auth.v1beta1.Query/Account", QueryAccountRequest, { address }, QueryAccountResponse);
      return res.account ? baseOf(res.account) : undefined;
    } catch (e) {
      if ((e as { code?: number }).code === 22) return undefined;
      throw e;
    }
  }

  balance(address: string, denom = DENOM): bigint {
    const res = this.query("/cosmos.bank.v1beta1.Query/Balance", QueryBalanceRequest, { address, denom }, QueryBalanceResponse);
    return BigInt(res.balance?.amount ?? "0");
  }

  /** Signs with the account's current number and sequence (from committed state) unless overridden. */
  sign(key: Secp256k1Key, msgs: AnyMsg[], opts: DeliverOptions = {}): Uint8Array {
    const account = this.account(key.address);
    return signTx(
      msgs,
      [{ key, accountNumber: opts.accountNumber ?? account?.accountNumber ?? 0n, sequence: opts.sequence ?? account?.sequence ?? 0n }],
      {
        chainId: opts.chainId ?? CHAIN_ID,
        fee: opts.fee ?? [{ denom: DENOM, amount: "5000" }],
        gasLimit: opts.gasLimit ?? 400_000n,
        memo: opts.memo,
        timeoutHeight: opts.timeoutHeight,
        feePayer: opts.feePayer,
        feeGranter: opts.feeGranter,
      },
    );
  }

  /** Submits raw tx bytes and, if CheckTx accepts them, produces the block that includes them. */
  async deliverRaw(tx: Uint8Array): Promise<DeliverResult> {
    const check = await this.engine.broadcastTxSync(tx);
    if (check.code !== 0) {
      return {
        code: check.code,
        codespace: check.codespace,
        log: check.log,
        data: new Uint8Array(),
        info: "",
        gasWanted: 0n,
        gasUsed: 0n,
        events: [],
        hash: check.hash,
        height: 0n,
        checkTx: true,
      };
    }
    const block = await this.engine.produceBlock();
    const index = block.txHashes.indexOf(check.hash);
    if (index < 0) throw new Error(`tx ${check.hash} was not included in block ${block.height}`);
    return { ...block.response.txResults[index], hash: check.hash, height: block.height };
  }

  async deliver(key: Secp256k1Key, msgs: AnyMsg[], opts: DeliverOptions = {}): Promise<DeliverResult> {
    return this.deliverRaw(this.sign(key, msgs, opts));
  }

  /** Like deliver, but throws unless the tx succeeded. */
  async mustDeliver(key: Secp256k1Key, msgs: AnyMsg[], opts: DeliverOptions = {}): Promise<DeliverResult> {
    const res = await this.deliver(key, msgs, opts);
    if (res.code !== 0) throw new Error(`tx failed: code ${res.code} (${res.codespace}): ${res.log}`);
    return res;
  }

  async produceBlocks(n = 1): Promise<void> {
    for (let i = 0; i < n; i++) await this.engine.produceBlock();
  }

  setNextBlockTime(time: Timestamp | Date): void {
    this.engine.setNextBlockTime(time);
  }
}

/** Packs a message for a tx body. */
export function pack<M>(typeUrl: string, codec: Codec<M>, msg: M): AnyMsg {
  return { typeUrl, value: codec.encode(msg).finish() };
}
