import { sha256 } from "@noble/hashes/sha2.js";
import { PubKey as Ed25519PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { BondStatus, type Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import type { AnyMsg, Timestamp } from "../../types/codec";
import { decFromInt, decFromWire, decMulInt, decQuo, decQuoInt, decQuoTruncate, decToWire, decTruncate, type Dec } from "../../types/dec";
import { stakingErrors } from "./errors";
import { POWER_REDUCTION } from "./params";

/**
 * Pure arithmetic on a stored validator (the SDK's types/validator.go): tokens are an Int
 * string, delegator shares a Dec in wire form. Every function returns a new record.
 */
export const ED25519_PUBKEY_URL = "/cosmos.crypto.ed25519.PubKey";

export function tokensOf(v: Validator): bigint {
  return v.tokens === "" ? 0n : BigInt(v.tokens);
}

export function sharesOf(v: Validator): Dec {
  return decFromWire(v.delegatorShares);
}

export function potentialPower(v: Validator): bigint {
  return tokensOf(v) / POWER_REDUCTION;
}

/** Consensus power counts only while bonded. */
export function consensusPower(v: Validator): bigint {
  return v.status === BondStatus.BOND_STATUS_BONDED ? potentialPower(v) : 0n;
}

/** The 32-byte ed25519 key inside the validator's consensus pubkey Any. */
export function consensusKeyBytes(any: AnyMsg | undefined): Uint8Array {
  if (!any || any.typeUrl === "") throw stakingErrors.ErrEmptyValidatorPubKey.wrap("");
  if (any.typeUrl !== ED25519_PUBKEY_URL) {
    throw stakingErrors.ErrValidatorPubKeyTypeNotSupported.wrap(`got: ${any.typeUrl.slice(0, 100)}, expected: [ed25519]`);
  }
  let key: Uint8Array;
  try {
    key = Ed25519PubKey.decode(any.value).key;
  } catch {
    throw stakingErrors.ErrValidatorPubKeyTypeNotSupported.wrap("malformed ed25519 public key");
  }
  if (key.length !== 32)
    throw stakingErrors.ErrValidatorPubKeyTypeNotSupported.wrap(`ed25519 public key must be 32 bytes, got ${key.length}`);
  return key;
}

/** CometBFT's validator address: the first 20 bytes of SHA-256 of the ed25519 key. */
export function consensusAddressOf(pubKey: Uint8Array): Uint8Array {
  return sha256(pubKey).slice(0, 20);
}

export function ed25519PubKeyAny(key: Uint8Array): AnyMsg {
  return { typeUrl: ED25519_PUBKEY_URL, value: Ed25519PubKey.encode({ key }).finish() };
}

/** Shares worth `amount` tokens, rounded (SharesFromTokens). */
export function sharesFromTokens(v: Validator, amount: bigint): Dec {
  const tokens = tokensOf(v);
  if (tokens === 0n) throw stakingErrors.ErrInsufficientShares.wrap("validator has no tokens");
  return decQuoInt(decMulInt(sharesOf(v), amount), tokens);
}

export function sharesFromTokensTruncated(v: Validator, amount: bigint): Dec {
  const tokens = tokensOf(v);
  if (tokens === 0n) throw stakingErrors.ErrInsufficientShares.wrap("validator has no tokens");
  return decQuoTruncate(decMulInt(sharesOf(v), amount), decFromInt(tokens));
}

/** Token value of `shares` as a Dec (TokensFromShares). */
export function tokensFromShares(v: Validator, shares: Dec): Dec {
  const total = sharesOf(v);
  if (total === 0n) return 0n;
  return decQuo(decMulInt(shares, tokensOf(v)), total);
}

export function addTokensFromDel(v: Validator, amount: bigint): { validator: Validator; issued: Dec } {
  const shares = sharesOf(v);
  const issued = shares === 0n ? decFromInt(amount) : sharesFromTokens(v, amount);
  return {
    validator: { ...v, tokens: (tokensOf(v) + amount).toString(), delegatorShares: decToWire(shares + issued) },
    issued,
  };
}

/** Burns `delShares` and returns the tokens they were worth (RemoveDelShares). */
export function removeDelShares(v: Validator, delShares: Dec): { validator: Validator; tokens: bigint } {
  const remaining = sharesOf(v) - delShares;
  const tokens = tokensOf(v);
  const issued = remaining === 0n ? tokens : decTruncate(tokensFromShares(v, delShares));
  if (issued > tokens)
    throw stakingErrors.ErrNotEnoughDelegationShares.wrap("attempting to remove more tokens than available in validator");
  return { validator: { ...v, tokens: (tokens - issued).toString(), delegatorShares: decToWire(remaining) }, tokens: issued };
}

export function timeAdd(t: Timestamp, d: { seconds: bigint; nanos: number }): Timestamp {
  let seconds = t.seconds + d.seconds;
  let nanos = t.nanos + d.nanos;
  if (nanos >= 1_000_000_000) {
    seconds += 1n;
    nanos -= 1_000_000_000;
  }
  return { seconds, nanos };
}

/** -1, 0, 1 as a is before, equal to, after b. */
export function timeCmp(a: Timestamp, b: Timestamp): number {
  if (a.seconds !== b.seconds) return a.seconds < b.seconds ? -1 : 1;
  return a.nanos === b.nanos ? 0 : a.nanos < b.nanos ? -1 : 1;
}
