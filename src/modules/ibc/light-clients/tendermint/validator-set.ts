import type { Validator, ValidatorSet } from "../../../../gen/tendermint/types/validator";
import { bytesEqual } from "../../../../store/bytes";
import { ed25519Address, validatorSetHash } from "./hashing";

/** CometBFT's cap on a set's total power (MaxTotalVotingPower = MaxInt64 / 8). */
export const MAX_TOTAL_VOTING_POWER = (2n ** 63n - 1n) / 8n;
export const MAX_INT64 = 2n ** 63n - 1n;

export interface CheckedValidator {
  address: Uint8Array;
  /** The ed25519 public key (32 bytes). */
  pubKey: Uint8Array;
  votingPower: bigint;
}

/** A validator set that passed CometBFT's ValidatorSetFromProto checks, with its total power and hash. */
export interface CheckedValidatorSet {
  validators: readonly CheckedValidator[];
  totalVotingPower: bigint;
  hash: Uint8Array;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

function checkValidator(v: Validator | undefined, what: string): Checked<CheckedValidator> {
  if (!v) return { ok: false, error: `${what}: nil validator` };
  const key = v.pubKey?.sum;
  if (!key) return { ok: false, error: `${what}: validator does not have a public key` };
  // CometBFT also accepts secp256k1 consensus keys; this client verifies ed25519 only.
  if (key.$case !== "ed25519") return { ok: false, error: `${what}: unsupported public key type ${key.$case}` };
  if (key.value.length !== 32) return { ok: false, error: `${what}: invalid size for PubKeyEd25519 (${key.value.length})` };
  if (v.votingPower < 0n) return { ok: false, error: `${what}: validator has negative voting power` };
  const address = ed25519Address(key.value);
  if (!bytesEqual(address, v.address)) return { ok: false, error: `${what}: validator address is incorrectly derived from pubkey` };
  return { ok: true, value: { address, pubKey: key.value, votingPower: v.votingPower } };
}

/**
 * CometBFT's ValidatorSetFromProto + ValidateBasic: a non-empty set of well-formed ed25519
 * validators, a proposer that is one of them, and a total power within CometBFT's cap.
 */
export function checkValidatorSet(set: ValidatorSet | undefined): Checked<CheckedValidatorSet> {
  if (!set) return { ok: false, error: "nil validator set" };
  if (set.validators.length === 0) return { ok: false, error: "validator set is nil or empty" };
  const validators: CheckedValidator[] = [];
  let total = 0n;
  for (let i = 0; i < set.validators.length; i++) {
    const v = checkValidator(set.validators[i], `invalid validator #${i}`);
    if (!v.ok) return v;
    total += v.value.votingPower;
    if (total > MAX_TOTAL_VOTING_POWER) return { ok: false, error: `total voting power exceeds maximum ${MAX_TOTAL_VOTING_POWER}` };
    validators.push(v.value);
  }
  const proposer = checkValidator(set.proposer, "proposer failed validate basic");
  if (!proposer.ok) return proposer;
  if (!validators.some((v) => bytesEqual(v.address, proposer.value.address))) {
    return { ok: false, error: "proposer not in validator set" };
  }
  return { ok: true, value: { validators, totalVotingPower: total, hash: validatorSetHash(set.validators) } };
}

export function toHex(b: Uint8Array): string {
  return Buffer.from(b).toString("hex").toUpperCase();
}
