import { ed25519 } from "@noble/curves/ed25519.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { MsgCreateValidator, MsgDelegate } from "cosmjs-types/cosmos/staking/v1beta1/tx";
import type { ExecTxResult, ValidatorUpdate } from "cosmjs-types/tendermint/abci/types";
import { expect } from "vitest";
import { valAddress, accAddress } from "../../../src/types/address";
import type { AnyMsg } from "../../../src/types/codec";
import type { Context } from "../../../src/types/context";
import { decFromString, decToWire } from "../../../src/types/dec";
import type { Module } from "../../../src/types/module";
import { ed25519PubKeyAny, type StakingKeeper } from "../../../src/modules/staking";
import type { Secp256k1Key } from "../../../src/client/signer";
import { DENOM, pack, testKey, type TestChain } from "../../helpers/chain";

export const DAY = 86_400n;
/** Genesis time of the test chain (2026-01-01T00:00:00Z). */
export const GENESIS_SECONDS = 1_767_225_600n;

export function consPubKey(name: string): Uint8Array {
  return ed25519.getPublicKey(sha256(new TextEncoder().encode(`cons/${name}`)));
}

export function operatorOf(key: Secp256k1Key): string {
  return valAddress.encode(accAddress.decode(key.address));
}

export const dec = (text: string) => decToWire(decFromString(text));

export function createValidatorMsg(
  key: Secp256k1Key,
  opts: {
    amount?: string;
    consName?: string;
    rate?: string;
    maxRate?: string;
    maxChangeRate?: string;
    minSelf?: string;
    denom?: string;
    pubkey?: AnyMsg;
  } = {},
): AnyMsg {
  return pack(
    "/cosmos.staking.v1beta1.MsgCreateValidator",
    MsgCreateValidator,
    MsgCreateValidator.fromPartial({
      description: { moniker: `val-${key.address.slice(-6)}` },
      commission: { rate: dec(opts.rate ?? "0.1"), maxRate: dec(opts.maxRate ?? "0.2"), maxChangeRate: dec(opts.maxChangeRate ?? "0.01") },
      minSelfDelegation: opts.minSelf ?? "1",
      delegatorAddress: "",
      validatorAddress: operatorOf(key),
      pubkey: opts.pubkey ?? ed25519PubKeyAny(consPubKey(opts.consName ?? key.address)),
      value: { denom: opts.denom ?? DENOM, amount: opts.amount ?? "5000000" },
    }),
  );
}

export function delegateMsg(delegator: Secp256k1Key, operator: string, amount: string): AnyMsg {
  return pack("/cosmos.staking.v1beta1.MsgDelegate", MsgDelegate, {
    delegatorAddress: delegator.address,
    validatorAddress: operator,
    amount: { denom: DENOM, amount },
  });
}

export interface BlockOutcome {
  result: ExecTxResult;
  updates: ValidatorUpdate[];
  height: bigint;
}

/** Delivers one signed tx in its own block and returns the tx result with that block's validator updates. */
export async function deliverInBlock(chain: TestChain, key: Secp256k1Key, msgs: AnyMsg[]): Promise<BlockOutcome> {
  const check = await chain.engine.broadcastTxSync(chain.sign(key, msgs));
  expect(check.log).toBe("");
  const block = await chain.engine.produceBlock();
  const index = block.txHashes.indexOf(check.hash);
  expect(index).toBeGreaterThanOrEqual(0);
  return { result: block.response.txResults[index], updates: block.response.validatorUpdates, height: block.height };
}

/** Validator updates as { hex pubkey: power } for exact comparison. */
export function updatesByKey(updates: ValidatorUpdate[]): Record<string, bigint> {
  const out: Record<string, bigint> = {};
  for (const u of updates) {
    const key = u.pubKey?.ed25519;
    if (!key) throw new Error("non-ed25519 update");
    out[Buffer.from(key).toString("hex")] = u.power;
  }
  return out;
}

export const hex = (b: Uint8Array) => Buffer.from(b).toString("hex");

export function stakingModule(chain: TestChain): Module & { keeper: StakingKeeper } {
  const m = chain.app.modules.modules.find((x) => x.name === "staking");
  if (!m) throw new Error("staking not registered");
  return m as Module & { keeper: StakingKeeper };
}

/**
 * Runs `fn` with a block context at the start of staking's next end block, the way another
 * module's block hook (validatorgov) calls the keeper.
 */
export function atNextEndBlock(chain: TestChain, fn: (ctx: Context, keeper: StakingKeeper) => void): void {
  const m = stakingModule(chain);
  const original = m.endBlock!;
  m.endBlock = (ctx) => {
    m.endBlock = original;
    fn(ctx, m.keeper);
    return original(ctx);
  };
}

export const validatorKey = testKey("validator");
export const devConsKey = ed25519.getPublicKey(new Uint8Array(32).fill(7));

/** The keys staking's tests create validators with, admitted in validatorgov's genesis. */
export const STAKING_TEST_OPERATORS = ["alice", "bob", "carol", "dave"];
