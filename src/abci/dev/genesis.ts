import { ed25519 } from "@noble/curves/ed25519.js";
import { createHash } from "node:crypto";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { Any } from "cosmjs-types/google/protobuf/any";
import { defaultAppState } from "../../app/genesis";
import type { ModuleSet } from "../../app/module-set";
import { binaryToJson } from "../../app/proto-json";
import type { ProtoCoin } from "../../types/coins";
import type { GenesisDoc } from "../genesis-doc";

export interface GenesisAccount {
  address: string;
  coins: ProtoCoin[];
}

export interface DevGenesisOptions {
  chainId: string;
  genesisTime: string;
  accounts: GenesisAccount[];
  /** 32-byte ed25519 seed of the single validator's consensus key. */
  validatorSeed: Uint8Array;
  /** Applied last, to tailor module sections (tests, short dev periods). */
  mutate?: (appState: Record<string, any>) => void;
}

export function ed25519PubKey(seed: Uint8Array): Uint8Array {
  return ed25519.getPublicKey(seed);
}

/** CometBFT validator address: first 20 bytes of SHA-256 of the ed25519 public key. */
export function consensusAddress(pubKey: Uint8Array): string {
  return createHash("sha256").update(pubKey).digest().subarray(0, 20).toString("hex").toUpperCase();
}

/**
 * A CometBFT genesis document for a dev chain: default module state, funded accounts (auth
 * accounts with numbers 0.., bank balances) and one validator of power 10.
 */
export function buildDevGenesis(modules: ModuleSet, opts: DevGenesisOptions): GenesisDoc {
  const appState = defaultAppState(modules.modules) as Record<string, any>;
  appState.auth.accounts = opts.accounts.map((a, i) =>
    binaryToJson("google.protobuf.Any", encodeAccountAny(BaseAccount.fromPartial({ address: a.address, accountNumber: BigInt(i), sequence: 0n }))),
  );
  appState.bank.balances = opts.accounts.map((a) => ({ address: a.address, coins: [...a.coins].sort((x, y) => (x.denom < y.denom ? -1 : 1)) }));
  opts.mutate?.(appState);
  const pubKey = ed25519PubKey(opts.validatorSeed);
  return {
    genesis_time: opts.genesisTime,
    chain_id: opts.chainId,
    initial_height: "1",
    validators: [{ address: consensusAddress(pubKey), pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.from(pubKey).toString("base64") }, power: "10", name: "dev" }],
    app_hash: "",
    app_state: appState,
  };
}

function encodeAccountAny(account: BaseAccount): Uint8Array {
  return Any.encode({ typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: BaseAccount.encode(account).finish() }).finish();
}
