import type { AnyMsg, Codec } from "./codec";
import type { Context } from "./context";
import type { GrpcCode } from "./errors";
import type { FreezeGuard, ModuleHooks } from "./hooks";
import type { ModuleSimulation } from "./simulation";
import type { DecodedTx } from "./tx";

/**
 * One transaction message type a module serves. The app routes by `typeUrl`; the tx
 * pipeline checks that the tx's signers include every address `signers` returns.
 */
export interface MsgDef<M = any, R = any, P = any> {
  /** "/blockchain.<module>.v1.MsgX" or "/cosmos.bank.v1beta1.MsgSend": the codec's proto name. */
  typeUrl: string;
  codec: Codec<M>;
  responseCodec: Codec<R>;
  /** Bech32 account addresses read from the message's signer field(s). */
  signers(msg: M): string[];
  /** The proto field named by `cosmos.msg.v1.signer`, when the signer is one string field. */
  signerField?: string;
  /** Amino JSON name (docs/wire), for LEGACY_AMINO_JSON signing and the CLI. */
  aminoName?: string;
  /**
   * Stateless checks (the SDK's ValidateBasic); throw an AppError. May return the message's
   * parsed form, which `handle` receives; nothing means `handle` receives the message.
   */
  validate?(msg: M): P | void;
  /** Runs after `validate` passed: `parsed` is what it returned (or the message). */
  handle(ctx: Context, msg: M, parsed: P): R;
}

/**
 * One gRPC-style query; the REST layer serves it at `rest.path` with no further edits. Both come
 * from the proto: the rpc the request message belongs to and its `google.api.http` annotation.
 */
export interface QueryDef<Q = any, R = any> {
  /** "/<package>.Query/<Method>"; request/response proto names follow the SDK convention Query<Method>Request/Response. */
  path: string;
  requestCodec: Codec<Q>;
  responseCodec: Codec<R>;
  /** grpc-gateway route template, e.g. "/cosmos/bank/v1beta1/balances/{address}". */
  rest?: { path: string };
  handle(ctx: Context, req: Q): R;
}

export interface GenesisDef<G = any> {
  /** Proto full name of the genesis message, used to read/write its JSON by reflection. */
  typeName: string;
  codec: Codec<G>;
  defaultGenesis(): G;
  /** Stateless validation of a genesis document; throw an AppError. */
  validate(genesis: G): void;
  init(ctx: Context, genesis: G): void;
  export(ctx: Context): G;
}

export interface ValidatorUpdate {
  /** ed25519 consensus public key (32 bytes). */
  pubKey: Uint8Array;
  power: bigint;
}

/** A module account the module owns, with the bank permissions it needs. */
export interface ModuleAccountDef {
  name: string;
  permissions: Array<"minter" | "burner" | "staking">;
}

/**
 * One state migration of a module from consensus version `from` to `from + 1` (the SDK's
 * Configurator.RegisterMigration). Runs inside the upgrade block, in that block's branch.
 */
export interface Migration {
  from: number;
  migrate(ctx: Context): void;
}

/** Module name -> consensus version (the SDK's module.VersionMap), sorted by name when listed. */
export type VersionMap = ReadonlyMap<string, number>;

export interface Module {
  name: string;
  /**
   * The module's consensus version (the SDK's ConsensusVersion): raised by one with every
   * state-breaking change that needs a migration. Unset means 1.
   */
  consensusVersion?: number;
  /** Migrations from each earlier version to the next, run by an upgrade handler. */
  migrations?: Migration[];
  msgs?: MsgDef[];
  queries?: QueryDef[];
  genesis?: GenesisDef;
  moduleAccounts?: ModuleAccountDef[];
  /**
   * Runs before every begin blocker, on the block's state, and is not caught: a throw fails
   * FinalizeBlock and so halts the node (the SDK's PreBlocker; x/upgrade's halt at a plan).
   */
  preBlock?(ctx: Context): void;
  beginBlock?(ctx: Context): void;
  /** Validator updates are returned only by staking; others return nothing. */
  endBlock?(ctx: Context): ValidatorUpdate[] | void;
  /** A chain check appended to the ante chain (validator admission gate, foundation guard). */
  anteCheck?(ctx: Context, tx: DecodedTx): void;
  /** A check of the tx's fee coins, run in the ante chain before the fee is priced or deducted. */
  feeCheck?(ctx: Context, tx: DecodedTx): void;
  /**
   * Runs after a tx, in its own branch: a throw drops only this handler's writes and never
   * fails the tx. Which txs it follows is `postTxScope`.
   */
  postTx?(ctx: Context, tx: DecodedTx): void;
  /**
   * "succeeded" (the default): every tx whose messages all succeeded, in any mode (builder fee
   * share). "block": every tx of a block (deliver mode past genesis; never CheckTx or
   * simulation) that passed the ante chain, whatever its messages did, its writes kept even
   * when they failed: for rules about who signed a tx rather than what it did (validatorgov's
   * veto of a recovery by its current operator).
   */
  postTxScope?: "succeeded" | "block";
  /** Called once the app's router exists, for modules that execute other messages (gov, group, authz). */
  bindRouter?(router: MsgRouter): void;
  /**
   * Called at wiring with the chain's freeze, for modules that move value outside bank's sends
   * (title transfers, internal ledgers, redirected payouts): they consult it where value leaves
   * an account's control.
   */
  bindFreezeGuard?(guard: FreezeGuard): void;
  /** Hooks this module installs into other modules' keepers (send restriction, staking hooks, group guard). */
  hooks?: ModuleHooks;
  /** Operations and invariants the module adds to the whole-chain simulation (src/sim, docs/reliability.md). */
  simulation?: ModuleSimulation;
}

/**
 * What modules that execute other messages (gov proposals, group exec, authz exec) use:
 * decode an Any, check its signers, run it in its own branch. Provided by the app.
 */
export interface MsgRouter {
  /** Signer addresses of a packed message; throws ErrUnknownRequest for an unknown type URL. */
  signersOf(msg: AnyMsg): string[];
  /** Runs a packed message atomically (its own branch) and returns the packed response. */
  execute(ctx: Context, msg: AnyMsg): AnyMsg;
  has(typeUrl: string): boolean;
}

/** A query failure carries a gRPC code so REST can choose the HTTP status the SDK gateway would. */
export interface QueryErrorInfo {
  grpcCode: GrpcCode;
}
