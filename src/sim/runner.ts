import { createHash } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type * as abci from "cosmjs-types/tendermint/abci/types";
import { MsgSubmitProposal, MsgVote } from "cosmjs-types/cosmos/gov/v1/tx";
import { ProposalStatus, VoteOption } from "cosmjs-types/cosmos/gov/v1/gov";
import { QueryParamsRequest, type QueryParamsResponse } from "cosmjs-types/cosmos/gov/v1/query";
import { App } from "../app/app";
import { checkInvariants } from "../app/invariants";
import { buildModules } from "../app/modules";
import { initChainRequest, type GenesisDoc } from "../abci/genesis-doc";
import { signTx } from "../client/tx-builder";
import { openProposals, type GovKeeper } from "../modules/gov";
import { moduleAddress } from "../types/address";
import type { Timestamp } from "../types/codec";
import type { Logger } from "../types/logger";
import type { Module } from "../types/module";
import { simMsg, type SimBlockInputs, type SimOperation, type SimState, type SimTx } from "../types/simulation";
import { simAccounts, simConsensusKey, simGenesis, SIM_CHAIN_ID, SIM_DENOM, type SimAccount } from "./genesis";
import { SimRng } from "./rng";
import { diffStores } from "./store-diff";

export interface SimOptions {
  seed: number;
  blocks: number;
  /** Working directory (apps' data); removed at the end unless `keep`. */
  dir: string;
  keep?: boolean;
  accounts?: number;
  /** Most txs in one block (the size of each block is random up to this). */
  maxTxsPerBlock?: number;
  /** Mean blocks between restarts of the leader or replica from disk (0: never). */
  restartEvery?: number;
  /** Mean blocks between export/import checks (0: never). */
  exportEvery?: number;
  /** Blocks an imported follower runs beside the leader before it is dropped. */
  followerBlocks?: number;
  /** Feed every block to a second app and compare app hashes (default true). */
  replica?: boolean;
  logger: Logger;
  /** Modules appended to the chain's (tests: a module whose operation or invariant misbehaves). */
  extraModules?: Module[];
  /** Called after every block (progress output). */
  onBlock?: (report: SimReport) => void;
}

export interface OpCount {
  ok: number;
  failed: number;
}

export interface SimReport {
  seed: number;
  height: bigint;
  blocks: number;
  txs: number;
  txsOk: number;
  txsFailed: number;
  proposals: number;
  /** Proposals the end blocker decided, by result (proposal_passed, proposal_rejected, …). */
  proposalResults: Record<string, number>;
  invariantChecks: number;
  replicaBlocks: number;
  restarts: number;
  exportImports: number;
  followerBlocks: number;
  validatorSetChanges: number;
  ops: Record<string, OpCount>;
  elapsedMs: number;
}

/** A simulation failure: everything needed to replay it. */
export class SimFailure extends Error {
  constructor(
    readonly seed: number,
    readonly height: bigint,
    readonly op: string,
    readonly detail: string,
  ) {
    super(
      `simulation failed: seed ${seed}, height ${height}, operation ${op}: ${detail}\nreplay: npm run sim -- --seed ${seed} --blocks ${height}`,
    );
  }
}

interface PlannedTx {
  op: string;
  tx: SimTx;
  bytes: Uint8Array;
}

interface Follower {
  app: App;
  dir: string;
  from: bigint;
  until: bigint;
  /** Set when the imported genesis already differed: the stores are diffed after the next block. */
  mismatch?: string;
}

const GOV_OP = "gov/submit-authority-proposal";
/** The fee of every simulated tx (in the bond denom). */
const TX_FEE = 2000n;
const VOTE_OP = "gov/validators-vote-yes";
const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

function addSeconds(t: Timestamp, s: number): Timestamp {
  return { seconds: t.seconds + BigInt(s), nanos: t.nanos };
}

/**
 * The whole-chain simulation: random blocks of txs built by every module's weighted
 * operations, delivered through the real tx pipeline of a leader app, with invariants after
 * every block, a replica fed the same blocks (app hashes compared per height), restarts from
 * disk, and export → import into a follower that must continue with the same app hashes.
 */
export class Simulation {
  private readonly rng: SimRng;
  private readonly accounts: SimAccount[];
  private readonly byAddress: Map<string, SimAccount>;
  private readonly genesis: GenesisDoc;
  private readonly ops: Array<SimOperation & { module: string }>;
  private readonly totalWeight: number;
  private leader!: App;
  private replica: App | undefined;
  private followers: Follower[] = [];
  /** Consensus address (hex) → power of the current validator set, for the last-commit votes. */
  private readonly validators = new Map<string, bigint>();
  /** (proposal id, voter) pairs already voted by the runner's validators. */
  private readonly voted = new Set<string>();
  private time: Timestamp;
  /** Accounts signing or involved in the next block's operations (SimState.busy). */
  private busy = new Set<string>();
  private readonly report: SimReport;
  private readonly started = performance.now();

  constructor(private readonly o: SimOptions) {
    this.rng = new SimRng(o.seed);
    this.accounts = simAccounts(o.accounts ?? 60);
    this.byAddress = new Map(this.accounts.map((a) => [a.address, a]));
    const modules = buildModules({ extraModules: o.extraModules });
    this.genesis = simGenesis(modules, this.accounts, Math.min(8, this.accounts.length - 1));
    this.ops = modules.modules.flatMap((m: Module) => (m.simulation?.operations ?? []).map((op) => ({ ...op, module: m.name })));
    this.totalWeight = this.ops.reduce((s, op) => s + op.weight, 0);
    this.time = { seconds: BigInt(Date.parse(this.genesis.genesis_time) / 1000), nanos: 0 };
    this.report = {
      seed: o.seed,
      height: 0n,
      blocks: 0,
      txs: 0,
      txsOk: 0,
      txsFailed: 0,
      proposals: 0,
      proposalResults: {},
      invariantChecks: 0,
      replicaBlocks: 0,
      restarts: 0,
      exportImports: 0,
      followerBlocks: 0,
      validatorSetChanges: 0,
      ops: {},
      elapsedMs: 0,
    };
  }

  private openApp(name: string): Promise<App> {
    const dir = join(this.o.dir, name);
    mkdirSync(dir, { recursive: true });
    // No fsync per commit: restarts here close and reopen the store (power loss is the crash test's subject).
    return App.open({
      dataDir: dir,
      modules: buildModules({ extraModules: this.o.extraModules }),
      logger: this.o.logger,
      store: { sync: false },
    });
  }

  async run(): Promise<SimReport> {
    mkdirSync(this.o.dir, { recursive: true });
    try {
      this.leader = await this.openApp("leader");
      const init = initChainRequest(this.genesis);
      const res = this.leader.initChain(init);
      for (const v of res.validators) this.validators.set(hex(consAddr(v.pubKey!.ed25519!)), v.power);
      if (this.o.replica !== false) {
        this.replica = await this.openApp("replica");
        const r = this.replica.initChain(init);
        if (hex(r.appHash) !== hex(res.appHash)) throw new SimFailure(this.o.seed, 0n, "init-chain", "replica genesis app hash differs");
      }
      for (let i = 0; i < this.o.blocks; i++) await this.step();
      return this.finish();
    } finally {
      await this.leader?.close();
      await this.replica?.close();
      for (const f of this.followers) await this.dropFollower(f);
      if (!this.o.keep) rmSync(this.o.dir, { recursive: true, force: true });
    }
  }

  private finish(): SimReport {
    this.report.elapsedMs = Math.round(performance.now() - this.started);
    return this.report;
  }

  private count(op: string, ok: boolean): void {
    const c = (this.report.ops[op] ??= { ok: 0, failed: 0 });
    if (ok) c.ok++;
    else c.failed++;
  }

  private async step(): Promise<void> {
    const height = this.leader.lastHeight + 1n;
    // Mostly seconds apart; sometimes hours, so unbondings, deposit periods and schedules mature.
    this.time = addSeconds(this.time, this.rng.oneIn(100) ? 1800 + this.rng.int(7200) : 1 + this.rng.int(12));
    const planned = height === 1n ? [] : this.planTxs();
    const block = this.blockRequest(
      height,
      planned.map((p) => p.bytes),
    );
    const res = this.leader.finalizeBlock(block);
    this.checkResults(height, planned, res);
    this.applyValidatorUpdates(res);
    this.countProposalResults(res);
    await this.leader.commit({});
    await this.checkInvariants(height, planned);
    if (this.replica) {
      const r = this.replica.finalizeBlock(block);
      if (hex(r.appHash) !== hex(res.appHash))
        throw new SimFailure(this.o.seed, height, "replica", `app hash ${hex(r.appHash)} != leader ${hex(res.appHash)}`);
      const codes = (x: abci.ResponseFinalizeBlock) => x.txResults.map((t) => `${t.codespace}:${t.code}`).join(",");
      if (codes(r) !== codes(res)) throw new SimFailure(this.o.seed, height, "replica", "tx results differ");
      await this.replica.commit({});
      this.report.replicaBlocks++;
    }
    await this.feedFollowers(block, res);
    this.report.height = height;
    this.report.blocks++;
    await this.maybeRestart();
    await this.maybeExportImport(height);
    this.o.onBlock?.(this.report);
  }

  /** The modules' consensus-level inputs of the next block (absent votes, misbehavior). */
  private blockInputs(): Required<SimBlockInputs> {
    const state = { ...this.state(), busy: this.busy };
    const out: Required<SimBlockInputs> = { absent: [], misbehavior: [] };
    for (const m of this.leader.modules.modules) {
      const i = m.simulation?.blockInputs?.(state);
      out.absent.push(...(i?.absent ?? []));
      out.misbehavior.push(...(i?.misbehavior ?? []));
    }
    return out;
  }

  private blockRequest(height: bigint, txs: Uint8Array[]): abci.RequestFinalizeBlock {
    const inputs = height > 1n ? this.blockInputs() : { absent: [], misbehavior: [] };
    const absent = new Set(inputs.absent.map(hex));
    // blockIdFlag 2 (commit) signed the previous block, 1 (absent) missed it.
    const votes = [...this.validators].map(([addr, power]) => ({
      validator: { address: Buffer.from(addr, "hex"), power },
      blockIdFlag: absent.has(addr) ? 1 : 2,
    }));
    const proposer = votes.length > 0 ? votes[Number(height % BigInt(votes.length))].validator.address : new Uint8Array(20);
    return {
      txs,
      decidedLastCommit: { round: 0, votes: height > 1n ? votes : [] },
      misbehavior: inputs.misbehavior,
      hash: createHash("sha256").update(`sim/${this.o.seed}/${height}`).digest(),
      height,
      time: this.time,
      nextValidatorsHash: new Uint8Array(32),
      proposerAddress: proposer,
    } as abci.RequestFinalizeBlock;
  }

  private state(): SimState {
    return {
      rng: this.rng,
      ctx: this.leader.queryContext(),
      accounts: this.accounts.map((a) => a.address),
      bondDenom: SIM_DENOM,
      govAuthority: moduleAddress("gov"),
      txFee: TX_FEE,
    };
  }

  private pickOp(): SimOperation & { module: string } {
    let r = this.rng.int(this.totalWeight);
    for (const op of this.ops) {
      if (r < op.weight) return op;
      r -= op.weight;
    }
    return this.ops[this.ops.length - 1];
  }

  /** The block's txs: validators' votes on open proposals, then random operations, one tx per signer. */
  private planTxs(): PlannedTx[] {
    const state = this.state();
    this.busy = new Set();
    const used = new Set<string>();
    const planned: PlannedTx[] = [];
    for (const vote of this.validatorVotes(state)) {
      used.add(vote.signer);
      planned.push({ op: VOTE_OP, tx: vote, bytes: this.sign(state, vote) });
    }
    const target = this.rng.int((this.o.maxTxsPerBlock ?? 40) + 1);
    for (let attempts = 0; planned.length < target && attempts < target * 4; attempts++) {
      const op = this.pickOp();
      let tx: SimTx | undefined;
      try {
        tx = op.build(state);
      } catch (e) {
        throw new SimFailure(this.o.seed, this.leader.lastHeight + 1n, op.name, `building the operation threw: ${(e as Error).stack}`);
      }
      if (!tx) continue;
      const signer = tx.signWith ?? tx.signer;
      // One tx per account per block (sequences come from committed state), the fee granter included.
      const parties = [signer, tx.signer, ...(tx.feeGranter ? [tx.feeGranter] : []), ...(tx.involves ?? [])];
      if (parties.some((p) => used.has(p))) continue;
      for (const p of parties) used.add(p);
      for (const p of parties) this.busy.add(p);
      const name = tx.authority ? GOV_OP : op.name;
      const wrapped = tx.authority ? this.proposal(state, tx, op.name) : tx;
      planned.push({ op: name === GOV_OP ? `${GOV_OP}(${op.name})` : name, tx: wrapped, bytes: this.sign(state, wrapped) });
    }
    return planned;
  }

  /** An authority operation's messages as a gov proposal with the minimum deposit. */
  private proposal(state: SimState, tx: SimTx, opName: string): SimTx {
    const params = this.leader.modules.modules
      .find((m) => m.name === "gov")!
      .queries!.find((q) => q.path === "/cosmos.gov.v1.Query/Params")!;
    const minDeposit = (params.handle(state.ctx, QueryParamsRequest.fromPartial({ paramsType: "deposit" })) as QueryParamsResponse).params!
      .minDeposit;
    this.report.proposals++;
    const submit = simMsg("/cosmos.gov.v1.MsgSubmitProposal", MsgSubmitProposal, {
      messages: tx.msgs,
      initialDeposit: minDeposit,
      proposer: tx.signer,
      metadata: "",
      title: `sim ${opName}`,
      summary: "simulated authority operation",
      expedited: false,
    });
    return { signer: tx.signer, msgs: [submit], expect: "ok" };
  }

  /** Every bonded validator's operator that the simulation holds a key for votes YES once on each open proposal. */
  private validatorVotes(state: SimState): SimTx[] {
    const gov = this.leader.modules.modules.find((m) => m.name === "gov") as unknown as { keeper: GovKeeper };
    const open = openProposals(gov.keeper, state, ProposalStatus.PROPOSAL_STATUS_VOTING_PERIOD);
    if (open.length === 0) return [];
    const staking = this.leader.modules.modules.find((m) => m.name === "staking") as unknown as {
      keeper: { bondedValidators(ctx: unknown): Array<{ accountAddress: string }> };
    };
    const out: SimTx[] = [];
    for (const v of staking.keeper.bondedValidators(state.ctx)) {
      if (!this.byAddress.has(v.accountAddress)) continue;
      const msgs = open
        .filter((p) => !this.voted.has(`${p.id}/${v.accountAddress}`))
        .map((p) => {
          this.voted.add(`${p.id}/${v.accountAddress}`);
          return simMsg("/cosmos.gov.v1.MsgVote", MsgVote, {
            proposalId: p.id,
            voter: v.accountAddress,
            option: VoteOption.VOTE_OPTION_YES,
            metadata: "",
          });
        });
      if (msgs.length > 0) out.push({ signer: v.accountAddress, msgs, expect: "ok" });
    }
    return out;
  }

  private sign(state: SimState, tx: SimTx): Uint8Array {
    const signer = this.byAddress.get(tx.signWith ?? tx.signer);
    if (!signer) throw new Error(`operation signer ${tx.signWith ?? tx.signer} is not a simulated account`);
    const account = this.leader.modules.accounts.getAccount(state.ctx, signer.address);
    return signTx(tx.msgs, [{ key: signer.key, accountNumber: account?.accountNumber ?? 0n, sequence: account?.sequence ?? 0n }], {
      chainId: SIM_CHAIN_ID,
      fee: [{ denom: SIM_DENOM, amount: TX_FEE.toString() }],
      gasLimit: 5_000_000n,
      feeGranter: tx.feeGranter,
    });
  }

  private checkResults(height: bigint, planned: PlannedTx[], res: abci.ResponseFinalizeBlock): void {
    planned.forEach((p, i) => {
      const r = res.txResults[i];
      const ok = r.code === 0;
      this.report.txs++;
      if (ok) this.report.txsOk++;
      else this.report.txsFailed++;
      this.count(p.op, ok);
      if (p.tx.expect === "fail" && ok) throw new SimFailure(this.o.seed, height, p.op, "a deliberately invalid tx succeeded");
      if (p.tx.expect === "ok" && !ok)
        throw new SimFailure(this.o.seed, height, p.op, `a valid tx failed: ${r.codespace} ${r.code}: ${r.log}`);
      const wrong = p.tx.checkResult?.(r);
      if (wrong !== undefined) throw new SimFailure(this.o.seed, height, p.op, wrong);
    });
  }

  private countProposalResults(res: abci.ResponseFinalizeBlock): void {
    for (const ev of res.events) {
      if (ev.type !== "active_proposal" && ev.type !== "inactive_proposal") continue;
      const result = ev.attributes.find((a) => a.key === "proposal_result")?.value ?? "unknown";
      this.report.proposalResults[result] = (this.report.proposalResults[result] ?? 0) + 1;
    }
  }

  private applyValidatorUpdates(res: abci.ResponseFinalizeBlock): void {
    for (const u of res.validatorUpdates) {
      const addr = hex(consAddr(u.pubKey!.ed25519!));
      if (u.power === 0n) this.validators.delete(addr);
      else this.validators.set(addr, u.power);
      this.report.validatorSetChanges++;
    }
  }

  private async checkInvariants(height: bigint, planned: PlannedTx[]): Promise<void> {
    const broken = checkInvariants(this.leader.queryContext(), this.leader.modules.modules);
    this.report.invariantChecks++;
    if (broken.length > 0) {
      const ops = planned.map((p) => p.op).join(", ") || "(no txs; begin/end blockers)";
      throw new SimFailure(this.o.seed, height, ops, broken.map((b) => `invariant ${b.invariant}: ${b.message}`).join("; "));
    }
  }

  /** At random points the leader or the replica is closed and reopened from disk, and must continue where it was. */
  private async maybeRestart(): Promise<void> {
    const every = this.o.restartEvery ?? 0;
    if (every <= 0 || !this.rng.oneIn(every)) return;
    const which = this.replica && this.rng.oneIn(2) ? "replica" : "leader";
    const app = which === "leader" ? this.leader : this.replica!;
    const height = app.lastHeight;
    const hash = hex(app.store.lastAppHash);
    await app.close();
    const reopened = await this.openApp(which);
    const info = reopened.info({ version: "", blockVersion: 0n, p2pVersion: 0n, abciVersion: "" });
    if (info.lastBlockHeight !== height || hex(info.lastBlockAppHash) !== hash) {
      throw new SimFailure(
        this.o.seed,
        height,
        `restart(${which})`,
        `reopened at ${info.lastBlockHeight} ${hex(info.lastBlockAppHash)}, was ${height} ${hash}`,
      );
    }
    if (which === "leader") this.leader = reopened;
    else this.replica = reopened;
    this.report.restarts++;
  }

  /** Exports the leader's state and imports it into a fresh app whose genesis app hash must equal the leader's. */
  private async maybeExportImport(height: bigint): Promise<void> {
    const every = this.o.exportEvery ?? 0;
    if (every <= 0 || height < 2n || !this.rng.oneIn(every)) return;
    const name = `follower-${height}`;
    const app = await this.openApp(name);
    const doc: GenesisDoc = { ...this.genesis, initial_height: String(height + 1n), app_state: this.leader.exportAppState() };
    const init = initChainRequest(doc);
    const res = app.initChain({ ...init, time: this.time });
    const follower: Follower = { app, dir: join(this.o.dir, name), from: height, until: height + BigInt(this.o.followerBlocks ?? 20) };
    this.followers.push(follower);
    this.report.exportImports++;
    if (hex(res.appHash) !== hex(this.leader.store.lastAppHash)) {
      follower.mismatch = `imported state's app hash ${hex(res.appHash)} != leader's ${hex(this.leader.store.lastAppHash)}`;
    }
  }

  private async feedFollowers(block: abci.RequestFinalizeBlock, expected: abci.ResponseFinalizeBlock): Promise<void> {
    for (const f of [...this.followers]) {
      const r = f.app.finalizeBlock(block);
      await f.app.commit({});
      if (f.mismatch || hex(r.appHash) !== hex(expected.appHash)) {
        // Both at the same height now: which keys the export/import lost or rebuilt differently.
        const diff = diffStores(this.leader.store.branch(), f.app.store.branch());
        throw new SimFailure(
          this.o.seed,
          block.height,
          `export-import at ${f.from}`,
          `${f.mismatch ?? `follower app hash ${hex(r.appHash)} != leader's ${hex(expected.appHash)}`}; ${diff}`,
        );
      }
      this.report.followerBlocks++;
      if (block.height >= f.until) await this.dropFollower(f);
    }
  }

  private async dropFollower(f: Follower): Promise<void> {
    this.followers = this.followers.filter((x) => x !== f);
    await f.app.close();
    rmSync(f.dir, { recursive: true, force: true });
  }
}

function consAddr(pubKey: Uint8Array): Uint8Array {
  return createHash("sha256").update(pubKey).digest().subarray(0, 20);
}

export { simConsensusKey };
