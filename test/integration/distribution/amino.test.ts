import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Secp256k1HdWallet } from "@cosmjs/amino";
import { Bip39 } from "@cosmjs/crypto";
import { SigningStargateClient } from "@cosmjs/stargate";
import { TxRaw } from "cosmjs-types/cosmos/tx/v1beta1/tx";
import * as tx from "cosmjs-types/cosmos/distribution/v1beta1/tx";
import { signAminoTx } from "../../../src/client/amino";
import { aminoMsgJson, aminoNameOf } from "../../../src/codec/amino";
import { govAuthority } from "../../../src/types/authority";
import type { Secp256k1Key } from "../../../src/client/signer";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { accAddress, valAddress } from "../../../src/types/address";
import { CHAIN_ID, DENOM, TestChain, pack, testKey } from "../../helpers/chain";
import { coins, createValidatorMsg, delegateMsg, devValidator, msg, operatorOf, T } from "./setup";

/**
 * LEGACY_AMINO_JSON for every distribution message: the JSON the SDK v0.50 x/tx encoder signs
 * (amino names from the protos: cosmos-sdk/MsgWithdrawDelegationReward, …/MsgWithdrawValCommission,
 * …/MsgModifyWithdrawAddress, …/MsgFundCommunityPool, cosmos-sdk/distr/…, cosmos-sdk/distribution/MsgUpdateParams),
 * and amino-signed txs of each user message accepted through the tx pipeline.
 */
const FEE = [{ denom: DENOM, amount: "5000" }];

describe("distribution: amino JSON signing", () => {
  let chain: TestChain;
  const val1 = testKey("distribution/val1");
  const del1 = testKey("distribution/del1");
  const gov = govAuthority();

  beforeAll(async () => {
    const funds = [{ denom: DENOM, amount: "1000000000" }];
    chain = await TestChain.create({
      funded: { "distribution/val1": funds, "distribution/del1": funds },
      admitValidators: ["distribution/val1"],
    });
    await chain.mustDeliver(val1, [createValidatorMsg(val1, { rate: "0.1" })]);
    await chain.mustDeliver(del1, [delegateMsg(del1, devValidator(), "1000000")]);
    await chain.produceBlocks(1);
  });
  afterAll(async () => chain.close());

  const json = (m: ReturnType<typeof msg.fundPool>) => aminoMsgJson(m, aminoNameOf(m.typeUrl));
  const uyml = (amount: string) => [{ amount, denom: DENOM }];

  it("encodes each message as the SDK's x/tx amino JSON", () => {
    const op = operatorOf(val1);
    expect(json(msg.withdrawReward(del1.address, op))).toEqual({
      type: "cosmos-sdk/MsgWithdrawDelegationReward",
      value: { delegator_address: del1.address, validator_address: op },
    });
    expect(json(msg.withdrawCommission(op))).toEqual({ type: "cosmos-sdk/MsgWithdrawValCommission", value: { validator_address: op } });
    expect(json(msg.setWithdrawAddress(del1.address, val1.address))).toEqual({
      type: "cosmos-sdk/MsgModifyWithdrawAddress",
      value: { delegator_address: del1.address, withdraw_address: val1.address },
    });
    expect(json(msg.fundPool(del1.address, coins(5n)))).toEqual({
      type: "cosmos-sdk/MsgFundCommunityPool",
      value: { amount: uyml("5"), depositor: del1.address },
    });
    expect(json(msg.spend(gov, del1.address, coins(6n)))).toEqual({
      type: "cosmos-sdk/distr/MsgCommunityPoolSpend",
      value: { amount: uyml("6"), authority: gov, recipient: del1.address },
    });
    expect(json(msg.depositValRewards(del1.address, op, coins(7n)))).toEqual({
      type: "cosmos-sdk/distr/MsgDepositValRewards",
      value: { amount: uyml("7"), depositor: del1.address, validator_address: op },
    });
    expect(
      json(
        msg.updateParams(gov, {
          communityTax: "20000000000000000",
          baseProposerReward: "0",
          bonusProposerReward: "0",
          withdrawAddrEnabled: true,
        }),
      ),
    ).toEqual({
      type: "cosmos-sdk/distribution/MsgUpdateParams",
      value: {
        authority: gov,
        params: {
          base_proposer_reward: "0.000000000000000000",
          bonus_proposer_reward: "0.000000000000000000",
          community_tax: "0.020000000000000000",
          withdraw_addr_enabled: true,
        },
      },
    });
  });

  function signed(key: Secp256k1Key, m: ReturnType<typeof msg.fundPool>): Uint8Array {
    const account = chain.account(key.address)!;
    return signAminoTx([m], [{ key, accountNumber: account.accountNumber, sequence: account.sequence }], {
      chainId: CHAIN_ID,
      fee: FEE,
      gasLimit: 400_000n,
    });
  }

  it("accepts amino-signed txs of every message a user signs", async () => {
    const op = operatorOf(val1);
    for (const [key, m] of [
      [del1, msg.setWithdrawAddress(del1.address, del1.address)],
      [del1, msg.fundPool(del1.address, coins(5n))],
      [del1, msg.depositValRewards(del1.address, op, coins(100n))],
      [del1, msg.withdrawReward(del1.address, devValidator())],
      [val1, msg.withdrawCommission(op)],
    ] as const) {
      const res = await chain.deliverRaw(signed(key, m));
      expect({ type: m.typeUrl, code: res.code, log: res.log }).toEqual({ type: m.typeUrl, code: 0, log: "" });
    }
  });

  it("accepts cosmjs's amino converters where their names are the SDK's; cosmjs's MsgWithdrawValidatorCommission name is refused as an SDK chain refuses it", async () => {
    const wallet = await Secp256k1HdWallet.fromMnemonic(Bip39.encode(new Uint8Array(32).fill(11)).toString(), { prefix: "yml" });
    const [{ address }] = await wallet.getAccounts();
    await chain.mustDeliver(del1, [
      pack("/cosmos.bank.v1beta1.MsgSend", MsgSend, { fromAddress: del1.address, toAddress: address, amount: coins(10_000_000n) }),
    ]);
    const client = await SigningStargateClient.offline(wallet);
    const send = async (typeUrl: string, value: unknown) => {
      const account = chain.account(address)!;
      const s = await client.sign(address, [{ typeUrl, value }], { amount: FEE, gas: "400000" }, "", {
        accountNumber: account.accountNumber,
        sequence: Number(account.sequence),
        chainId: CHAIN_ID,
      });
      return chain.deliverRaw(TxRaw.encode(s).finish());
    };
    expect(
      (
        await send(
          T + "MsgSetWithdrawAddress",
          tx.MsgSetWithdrawAddress.fromPartial({ delegatorAddress: address, withdrawAddress: del1.address }),
        )
      ).code,
    ).toBe(0);
    expect(
      (await send(T + "MsgFundCommunityPool", tx.MsgFundCommunityPool.fromPartial({ depositor: address, amount: coins(3n) }))).code,
    ).toBe(0);
    expect(
      (
        await send("/cosmos.staking.v1beta1.MsgDelegate", {
          delegatorAddress: address,
          validatorAddress: devValidator(),
          amount: { denom: DENOM, amount: "1000" },
        })
      ).code,
    ).toBe(0);
    expect(
      (
        await send(
          T + "MsgWithdrawDelegatorReward",
          tx.MsgWithdrawDelegatorReward.fromPartial({ delegatorAddress: address, validatorAddress: devValidator() }),
        )
      ).code,
    ).toBe(0);
    // cosmjs signs "cosmos-sdk/MsgWithdrawValidatorCommission"; the SDK (and this chain) "cosmos-sdk/MsgWithdrawValCommission".
    const commission = await send(
      T + "MsgWithdrawValidatorCommission",
      tx.MsgWithdrawValidatorCommission.fromPartial({ validatorAddress: valAddress.encode(accAddress.decode(address)) }),
    );
    expect([commission.codespace, commission.code]).toEqual(["sdk", 4]);
    expect(commission.log).toMatch(/signature verification failed/);
  });
});
