import { Bip39, EnglishMnemonic, Slip10, Slip10Curve, stringToPath } from "@cosmjs/crypto";
import { DEV_FAUCET_MNEMONIC } from "../../../../src/cli/dev-keys";
import { Secp256k1Key } from "../../../../src/client/signer";

/**
 * HD indexes under the DEV-ONLY faucet mnemonic of the seeded chain's institutions and users:
 * 0 is the faucet, 1.. the localnet operators, 100..104 the foundation custodians, so these
 * start at 200.
 */
export const SEED_KEY_INDEX = {
  issuer: 200,
  shareholder: 201,
  frozen: 202,
  registryOperator: 203,
  parcelOwner: 204,
  parcelBuyer: 205,
  feeder: 206,
  custodian: 207,
  custodian2: 208,
  bankA: 209,
  bankB: 210,
  payer: 211,
  payee: 212,
  treasuryAdmin: 213,
  builder: 214,
  validatorApplicant: 215,
  delegator: 216,
  regulator: 217,
} as const;

export type SeedKeyName = keyof typeof SEED_KEY_INDEX | "faucet";
export type SeedKeys = Record<SeedKeyName, Secp256k1Key>;

/** Every seed key, the mnemonic's seed derived once (PBKDF2 per key would cost seconds). */
export async function seedKeys(): Promise<SeedKeys> {
  const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(DEV_FAUCET_MNEMONIC));
  const at = (i: number) => new Secp256k1Key(Slip10.derivePath(Slip10Curve.Secp256k1, seed, stringToPath(`m/44'/118'/0'/0/${i}`)).privkey);
  const out = { faucet: at(0) } as SeedKeys;
  for (const [name, i] of Object.entries(SEED_KEY_INDEX)) out[name as SeedKeyName] = at(i);
  return out;
}
