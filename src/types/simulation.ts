import type { Misbehavior } from "cosmjs-types/tendermint/abci/types";
import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { accAddress, valAddress } from "./address";
import type { AnyMsg } from "./codec";
import type { Range, StoreCtx } from "../store/collections";
import type { Context } from "./context";

/**
 * What a module adds to the randomized whole-chain simulation (`npm run sim`, src/sim): weighted
 * operations that build messages from the current state, and invariants checked after every
 * simulated block (and on a node started with `--invariants`). Modelled on the SDK's
 * simulation.WeightedOperation and crisis invariants.
 */
export interface SimRandom {
  /** An integer in [0, n). */
  int(n: number): number;
  /** A bigint in [0, n) (n > 0). */
  bigint(n: bigint): bigint;
  pick<T>(items: readonly T[]): T;
  /** True with probability 1/n. */
  oneIn(n: number): boolean;
}

export interface SimState {
  rng: SimRandom;
  /** Committed state the operation reads its inputs from (never written). */
  ctx: Context;
  /** Simulated accounts (bech32), each with a key the runner signs with. */
  accounts: readonly string[];
  /** The chain's staking and fee denomination. */
  bondDenom: string;
  /** The gov module account: authority of every parameter and authority message. */
  govAuthority: string;
  /** The fee every simulated tx pays, in `bondDenom` (fee paths: builderfee's share of it). */
  txFee: bigint;
  /**
   * Accounts that sign or are involved in this block's operations (given to `blockInputs`, which
   * runs after the block's txs are built): a fault must not hit their validators, whose txs were
   * built from the committed state where they are bonded.
   */
  busy?: ReadonlySet<string>;
}

/**
 * Messages an operation wants delivered. `signer` must be one of `state.accounts`; the runner
 * signs with its key. `authority: true` means the messages name the gov authority and must
 * arrive through a governance proposal (the runner submits it and validators vote yes).
 * `expect` says what the operation built: "ok" if it should succeed, "fail" if it is
 * deliberately invalid (wrong signer, missing record, bad amount); a deliberately invalid
 * message that succeeds is reported as a failure.
 */
export interface SimTx {
  signer: string;
  msgs: AnyMsg[];
  expect: "ok" | "fail" | "any";
  authority?: boolean;
  /** Sign with this account instead of `signer` (a "wrong signer" operation). */
  signWith?: string;
  /** Pay the fee from this granter's fee allowance (feegrant). */
  feeGranter?: string;
  /** Accounts whose state the outcome depends on: no other tx of the block is signed by them. */
  involves?: string[];
  /** Checks the delivered tx's result beyond its code (events a fee path must emit); returns what is wrong. */
  checkResult?: (result: SimTxResult) => string | undefined;
}

/** What `SimTx.checkResult` sees of a delivered tx. */
export interface SimTxResult {
  code: number;
  events: ReadonlyArray<{ type: string; attributes: ReadonlyArray<{ key: string; value: string }> }>;
}

export interface SimOperation {
  name: string;
  weight: number;
  /** Returns undefined when the state offers nothing to act on (the runner picks another). */
  build(state: SimState): SimTx | undefined;
}

/** Returns a description of what is broken, or undefined when it holds. */
export interface Invariant {
  name: string;
  check(ctx: Context): string | undefined;
}

/**
 * What a block carries besides txs, which only consensus provides: validators that missed the
 * previous block (left out of the last-commit votes: slashing's liveness) and equivocations
 * CometBFT committed (evidence's double signs).
 */
export interface SimBlockInputs {
  /** Consensus addresses (20 bytes) of validators whose last-commit vote is absent. */
  absent?: Uint8Array[];
  misbehavior?: Misbehavior[];
}

export interface ModuleSimulation {
  operations?: SimOperation[];
  invariants?: Invariant[];
  /** Asked once per block (from the committed state) before the block is built. */
  blockInputs?(state: SimState): SimBlockInputs | undefined;
}

/** Packs a message for a SimTx. */
export function simMsg<M>(
  typeUrl: string,
  codec: { encode(m: M): { finish(): Uint8Array }; fromPartial(o: any): M },
  msg: Partial<M>,
): AnyMsg {
  return { typeUrl, value: codec.encode(codec.fromPartial(msg)).finish() };
}

/** A different simulated account than `address` (for "wrong signer" operations). */
export function otherAccount(state: SimState, address: string): string {
  const others = state.accounts.filter((a) => a !== address);
  return state.rng.pick(others);
}

/** "what" differs: expected vs actual, as an invariant's failure text; undefined when equal. */
export function mismatch(what: string, expected: bigint, actual: bigint): string | undefined {
  return expected === actual ? undefined : `${what}: records say ${expected}, balance is ${actual}`;
}

/** The first failure of a list of checks. */
export function firstBroken(checks: Iterable<string | undefined>): string | undefined {
  for (const c of checks) if (c !== undefined) return c;
  return undefined;
}

/** What the bounded reads below need of a collection (TypedMap, IndexedMap). */
export interface IterableMap<K, V> {
  iterate(ctx: Context, range?: { start?: K; prefix?: Uint8Array; reverse?: boolean }): Iterable<[K, V]>;
}

/**
 * The accepted records among the newest `scan` of a map whose keys grow with time (sequential
 * ids), newest first. Operations pick among recent records this way: open locks, pending
 * redemptions and the like are mostly recent, and a full scan would grow with the run's history.
 */
export function newestRecords<K, V>(
  map: IterableMap<K, V>,
  ctx: Context,
  scan: number,
  accept: (v: V) => boolean = () => true,
  prefix?: Uint8Array,
): V[] {
  const out: V[] = [];
  let seen = 0;
  for (const [, v] of map.iterate(ctx, { reverse: true, prefix })) {
    if (accept(v)) out.push(v);
    if (++seen >= scan) break;
  }
  return out;
}

/**
 * Up to `take` accepted records of a map keyed by ids 1..`maxId`, read from a random id on
 * (wrapping to the start, at most 16 × `take` records read): a random record at a cost that
 * does not grow with the map.
 */
export function sampleById<V>(
  map: IterableMap<bigint, V>,
  ctx: Context,
  rng: SimRandom,
  maxId: bigint,
  take: number,
  accept: (v: V) => boolean = () => true,
): V[] {
  if (maxId < 1n) return [];
  const start = 1n + rng.bigint(maxId);
  const out: V[] = [];
  let budget = take * 16;
  const read = (range: { start?: bigint }, stopAt?: bigint) => {
    for (const [id, v] of map.iterate(ctx, range)) {
      if ((stopAt !== undefined && id >= stopAt) || out.length >= take || budget-- <= 0) return;
      if (accept(v)) out.push(v);
    }
  };
  read({ start });
  if (out.length < take) read({}, start);
  return out;
}

/** Up to `n` entries of `map` from `start` on, then from its first key (wrapping). */
export function sampleFrom<K, V>(
  map: { iterate(ctx: StoreCtx, range?: Range<K>): IterableIterator<V> },
  ctx: StoreCtx,
  start: K | undefined,
  n = 8,
  range: Omit<Range<K>, "start" | "end"> = {},
): V[] {
  const out: V[] = [];
  const take = (it: Iterator<V>) => {
    while (out.length < n) {
      const r = it.next();
      if (r.done) return;
      out.push(r.value);
    }
  };
  take(map.iterate(ctx, { ...range, start }));
  if (start !== undefined && out.length < n) take(map.iterate(ctx, { ...range, end: start }));
  return out;
}

/** A random id in [1, next) for a map whose ids count up from 1 (undefined when there is none yet). */
export function randomId(rng: SimRandom, next: bigint): bigint | undefined {
  return next <= 1n ? undefined : 1n + rng.bigint(next - 1n);
}

/** Fewer bonded validators than this and nobody is taken offline (the set must stay able to govern). */
export const MIN_BONDED_FOR_FAULTS = 5;

export interface SimValidator {
  validator: Validator;
  consAddr: Uint8Array;
  /** The operator in account form. */
  operator: string;
}

/** What listing validators takes (staking's keeper, seen through slashing's or evidence's narrow interface). */
export interface ValidatorLister {
  consensusAddresses(ctx: Context): Uint8Array[];
  validatorByConsAddr(ctx: Context, consAddr: Uint8Array): Validator | undefined;
}

/** Every validator staking knows, with its consensus address (bounded by the operators that ever joined). */
export function simValidators(staking: ValidatorLister, ctx: Context): SimValidator[] {
  const out: SimValidator[] = [];
  for (const consAddr of staking.consensusAddresses(ctx)) {
    const v = staking.validatorByConsAddr(ctx, consAddr);
    if (v) out.push({ validator: v, consAddr, operator: accAddress.encode(valAddress.decode(v.operatorAddress)) });
  }
  return out;
}

/**
 * Bonded, unjailed validators a fault may hit: never the genesis validator (account 0, which
 * keeps governance able to pass proposals), none whose operator acts in the block's txs, and none
 * while fewer than MIN_BONDED_FOR_FAULTS are bonded.
 */
export function faultCandidates(staking: ValidatorLister, s: SimState): SimValidator[] {
  const bonded = simValidators(staking, s.ctx).filter((v) => v.validator.status === BondStatus.BOND_STATUS_BONDED && !v.validator.jailed);
  if (bonded.length < MIN_BONDED_FOR_FAULTS) return [];
  return bonded.filter((v) => v.operator !== s.accounts[0] && !s.busy?.has(v.operator));
}

/**
 * The open records of a collection numbered 1..count whose records, once closed, never
 * reopen (gov proposals, treasury locks), for invariants whose cost must follow the live
 * records rather than the history. Each `read` returns the records open at the last read and
 * those added since, plus a rolling window of `recheck` closed ones (the window moves on at
 * each read, so every closed record is read again every ⌈closed / recheck⌉ reads): a closed
 * record found open there is reported as reopened. A new instance (a restarted node, a
 * reopened app) reads everything once.
 */
export class OpenRecords<V> {
  private open: bigint[] = [];
  /** Ids up to this one have been read once. */
  private seen = 0n;
  private cursor = 1n;

  constructor(
    private readonly isOpen: (v: V) => boolean,
    private readonly recheck = 64,
  ) {}

  read(
    ctx: Context,
    map: { get(ctx: Context, id: bigint): V | undefined },
    count: bigint,
  ): { open: Array<[bigint, V]>; closed: Array<[bigint, V]>; reopened: bigint[] } {
    if (count < this.seen) [this.open, this.seen, this.cursor] = [[], 0n, 1n];
    const open: Array<[bigint, V]> = [];
    const closed: Array<[bigint, V]> = [];
    const visit = (id: bigint) => {
      const v = map.get(ctx, id);
      if (v === undefined) return;
      (this.isOpen(v) ? open : closed).push([id, v]);
    };
    for (const id of this.open) visit(id);
    for (let id = this.seen + 1n; id <= count; id++) visit(id);
    const wasOpen = new Set(this.open);
    const reopened: bigint[] = [];
    for (let i = 0; i < this.recheck && this.seen > 0n; i++) {
      const id = this.cursor;
      this.cursor = id >= this.seen ? 1n : id + 1n;
      if (wasOpen.has(id)) continue;
      const v = map.get(ctx, id);
      if (v === undefined) continue;
      if (this.isOpen(v)) reopened.push(id);
      else closed.push([id, v]);
      if (BigInt(i + 1) >= this.seen) break;
    }
    this.open = open.map(([id]) => id);
    this.seen = count;
    return { open, closed, reopened };
  }
}
