/**
 * A state of funded accounts as the app writes it, for the memory benchmark: per account the
 * auth module's account record (an Any-wrapped BaseAccount with a secp256k1 public key, ~170
 * bytes), its bank balance in one denom and the bank's denom-owners index entry — three state
 * keys per account, written through the keepers' own collections so key encodings are the
 * app's. Addresses are 20 pseudo-random bytes (sha256 of the account number), so keys spread
 * over the key space as real addresses do.
 */
import { createHash } from "node:crypto";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { PubKey } from "cosmjs-types/cosmos/crypto/secp256k1/keys";
import { BASE_ACCOUNT_URL, AuthKeeper } from "../../src/modules/auth/keeper";
import { BankKeeper } from "../../src/modules/bank/keeper";
import type { StoreCtx } from "../../src/store/collections";
import { accAddress } from "../../src/types/address";
// The app's proto writer (exact-size encodings), as the node runs with it.
import "../../src/types/proto-runtime";
export { prng } from "../../test/helpers/prng";

export const KEYS_PER_ACCOUNT = 3;
export const DENOM = "uyml";

const auth = new AuthKeeper();
const bank = new BankKeeper(auth);

function digest(tag: string, i: number): Uint8Array {
  return createHash("sha256").update(`${tag}${i}`).digest();
}

export function addressOf(account: number): Uint8Array {
  return digest("addr", account).subarray(0, 20);
}

/** Writes account `i` (all three keys) with a balance and sequence that depend on `round`. */
export function writeAccount(ctx: StoreCtx, i: number, round: number): void {
  const addr = addressOf(i);
  const pubKey = Uint8Array.of(2, ...digest("pk", i));
  const account = BaseAccount.fromPartial({
    address: accAddress.encode(addr),
    pubKey: { typeUrl: "/cosmos.crypto.secp256k1.PubKey", value: PubKey.encode({ key: pubKey }).finish() },
    accountNumber: BigInt(i),
    sequence: BigInt(round),
  });
  auth.accounts.set(ctx, addr, { typeUrl: BASE_ACCOUNT_URL, value: BaseAccount.encode(account).finish() });
  bank.balances.set(ctx, [addr, DENOM], 1_000_000_000n + BigInt(i) * 7n + BigInt(round));
  if (round === 0) bank.owners.set(ctx, [DENOM, addr], true);
}

/**
 * What a MsgSend changes: the sender's account (sequence) and both balances. `count` changed
 * keys from random accounts below `accounts`.
 */
export function writeChanges(ctx: StoreCtx, accounts: number, count: number, round: number, rnd: () => number): void {
  for (let n = 0; n < count; n++) {
    const i = Math.floor(rnd() * accounts);
    const addr = addressOf(i);
    if (n % 3 === 0) {
      auth.accounts.set(ctx, addr, {
        typeUrl: BASE_ACCOUNT_URL,
        value: BaseAccount.encode(
          BaseAccount.fromPartial({ address: accAddress.encode(addr), accountNumber: BigInt(i), sequence: BigInt(round) }),
        ).finish(),
      });
    } else {
      bank.balances.set(ctx, [addr, DENOM], 1_000_000n + BigInt(round));
    }
  }
}

/** The state key of account `i`'s record of `kind` (0 account, 1 balance, 2 owner), as bytes. */
export function keyOf(i: number, kind: number): Uint8Array {
  const addr = addressOf(i);
  return kind === 0 ? auth.accounts.rawKey(addr) : kind === 1 ? bank.balances.rawKey([addr, DENOM]) : bank.owners.rawKey([DENOM, addr]);
}
