import { ed25519 } from "@noble/curves/ed25519.js";
import { createHash } from "node:crypto";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { Any } from "cosmjs-types/google/protobuf/any";
import { defaultAppState } from "../../app/genesis";
import type { ModuleSet } from "../../app/module-set";
import { binaryToJson } from "../../codec/proto-json";
import type { ProtoCoin } from "../../types/coins";
import { accAddress, moduleAddress, valAddress } from "../../types/address";
import { BONDED_POOL, POWER_REDUCTION } from "../../modules/staking";
import { admitInGenesisJson } from "../../modules/validatorgov";
import { defaultConsensusParams, type GenesisDoc } from "../genesis-doc";
import { addFoundationGroup, type FoundationSpec } from "../../app/foundation-genesis";
import { devFoundation } from "./foundation";

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
  /**
   * Account address of the dev validator's operator: when set, the validator is bonded in
   * staking at genesis with `validatorSelfBond` (default 10 YML = power 10) self-delegated.
   * The operator should also be in `accounts` (funded) so it can pay fees; if not, it is
   * added with no coins.
   */
  validatorOperator?: string;
  validatorSelfBond?: string;
  /** The foundation's custodians (the recovery destination's group); the DEV-ONLY ones by default. */
  foundation?: (createdAt: string) => FoundationSpec;
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
    binaryToJson(
      "google.protobuf.Any",
      encodeAccountAny(BaseAccount.fromPartial({ address: a.address, accountNumber: BigInt(i), sequence: 0n })),
    ),
  );
  appState.bank.balances = opts.accounts.map((a) => ({
    address: a.address,
    coins: [...a.coins].sort((x, y) => (x.denom < y.denom ? -1 : 1)),
  }));
  const pubKey = ed25519PubKey(opts.validatorSeed);
  let power = "10";
  if (opts.validatorOperator) power = bondDevValidator(appState, opts.validatorOperator, opts.validatorSelfBond ?? "10000000", pubKey);
  // Before mutate, which may name another destination (or test a genesis without one).
  addFoundationGroup(appState, (opts.foundation ?? devFoundation)(opts.genesisTime));
  opts.mutate?.(appState);
  return {
    genesis_time: opts.genesisTime,
    chain_id: opts.chainId,
    initial_height: "1",
    consensus_params: defaultConsensusParams(),
    validators: [
      {
        address: consensusAddress(pubKey),
        pub_key: { type: "tendermint/PubKeyEd25519", value: Buffer.from(pubKey).toString("base64") },
        power,
        name: "dev",
      },
    ],
    app_hash: "",
    app_state: appState,
  };
}

/**
 * Puts the dev validator in the staking section as already bonded: the self-delegation's
 * tokens sit in the bonded pool's bank balance, as the SDK's InitGenesis requires.
 * Returns its consensus power.
 */
function bondDevValidator(appState: Record<string, any>, operator: string, selfBond: string, pubKey: Uint8Array): string {
  const valoper = valAddress.encode(accAddress.decode(operator));
  // Genesis JSON carries LegacyDec in the SDK's decimal text form.
  const shares = `${BigInt(selfBond)}.000000000000000000`;
  if (!appState.auth.accounts.some((a: { address?: string }) => a.address === operator)) {
    const n = BigInt(appState.auth.accounts.length);
    appState.auth.accounts.push(
      binaryToJson("google.protobuf.Any", encodeAccountAny(BaseAccount.fromPartial({ address: operator, accountNumber: n, sequence: 0n }))),
    );
  }
  appState.bank.balances.push({
    address: moduleAddress(BONDED_POOL),
    coins: [{ denom: appState.staking.params.bond_denom, amount: selfBond }],
  });
  appState.staking.validators = [
    {
      operator_address: valoper,
      consensus_pubkey: { "@type": "/cosmos.crypto.ed25519.PubKey", key: Buffer.from(pubKey).toString("base64") },
      jailed: false,
      status: "BOND_STATUS_BONDED",
      tokens: selfBond,
      delegator_shares: shares,
      description: { moniker: "dev", identity: "", website: "", security_contact: "", details: "" },
      commission: {
        commission_rates: { rate: "0.000000000000000000", max_rate: "1.000000000000000000", max_change_rate: "0.010000000000000000" },
        update_time: "1970-01-01T00:00:00Z",
      },
      min_self_delegation: "1",
    },
  ];
  appState.staking.delegations = [{ delegator_address: operator, validator_address: valoper, shares }];
  // Only governance-admitted validators may exist: the dev validator is admitted in genesis.
  admitInGenesisJson(appState, operator);
  return (BigInt(selfBond) / POWER_REDUCTION).toString();
}

function encodeAccountAny(account: BaseAccount): Uint8Array {
  return Any.encode({ typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: BaseAccount.encode(account).finish() }).finish();
}
