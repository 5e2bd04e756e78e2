import { sha256 } from "@noble/hashes/sha2.js";
import * as sq from "cosmjs-types/cosmos/slashing/v1beta1/query";
import type { ValidatorSigningInfo } from "cosmjs-types/cosmos/slashing/v1beta1/slashing";
import * as stq from "cosmjs-types/cosmos/staking/v1beta1/query";
import type { Validator } from "cosmjs-types/cosmos/staking/v1beta1/staking";
import { MsgUnjail } from "cosmjs-types/cosmos/slashing/v1beta1/tx";
import type { VoteInfo } from "cosmjs-types/tendermint/abci/types";
import { QuerySupplyOfRequest, QuerySupplyOfResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { bech32Prefix, toBech32 } from "../../../src/types/address";
import type { Secp256k1Key } from "../../../src/client/signer";
import { DENOM, pack, TestChain } from "../../helpers/chain";
import { consPubKey, devConsKey, operatorOf, STAKING_TEST_OPERATORS } from "../staking/setup";

export { consPubKey, createValidatorMsg, delegateMsg, operatorOf } from "../staking/setup";

/** CometBFT's address of a consensus key: the first 20 bytes of its SHA-256. */
export const consAddr = (pubKey: Uint8Array) => sha256(pubKey).slice(0, 20);
export const consAddrOf = (key: Secp256k1Key) => consAddr(consPubKey(key.address));
export const devConsAddr = consAddr(devConsKey);
export const valcons = (addr: Uint8Array) => toBech32(bech32Prefix.consensus, addr);

export const ABSENT = 1;
export const COMMIT = 2;
export const vote = (address: Uint8Array, power: bigint, blockIdFlag: number): VoteInfo => ({ validator: { address, power }, blockIdFlag });

/** A chain whose slashing params are `params` (genesis JSON form), with staking's test operators admitted. */
export function slashingChain(params: Record<string, string>, staking: Record<string, string> = {}): Promise<TestChain> {
  return TestChain.create({
    admitValidators: STAKING_TEST_OPERATORS,
    mutateGenesis: (s) => {
      Object.assign(s.slashing.params, params);
      Object.assign(s.staking.params, staking);
    },
  });
}

export function signingInfo(chain: TestChain, addr: Uint8Array): ValidatorSigningInfo {
  return chain.query(
    "/cosmos.slashing.v1beta1.Query/SigningInfo",
    sq.QuerySigningInfoRequest,
    { consAddress: valcons(addr) },
    sq.QuerySigningInfoResponse,
  ).valSigningInfo;
}

export function validatorOf(chain: TestChain, key: Secp256k1Key): Validator {
  return chain.query(
    "/cosmos.staking.v1beta1.Query/Validator",
    stq.QueryValidatorRequest,
    { validatorAddr: operatorOf(key) },
    stq.QueryValidatorResponse,
  ).validator;
}

export function supply(chain: TestChain): bigint {
  return BigInt(
    chain.query("/cosmos.bank.v1beta1.Query/SupplyOf", QuerySupplyOfRequest, { denom: DENOM }, QuerySupplyOfResponse).amount.amount,
  );
}

export const unjailMsg = (key: Secp256k1Key) => pack("/cosmos.slashing.v1beta1.MsgUnjail", MsgUnjail, { validatorAddr: operatorOf(key) });
