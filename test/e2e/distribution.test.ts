import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DirectSecp256k1HdWallet, makeCosmoshubPath } from "@cosmjs/proto-signing";
import type { SigningStargateClient } from "@cosmjs/stargate";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import * as q from "cosmjs-types/cosmos/distribution/v1beta1/query";
import { DEV_FAUCET_MNEMONIC } from "../../src/cli/dev-keys";
import { localnetOperator, waitForHeight } from "../../src/cli/localnet";
import { accAddress, valAddress } from "../../src/types/address";
import { DEC_ONE, decFromWire } from "../../src/types/dec";
import { balanceOf, startLocalnet } from "./helpers";
import { abciQuery, mustDeliver, signingClient } from "./helpers/validator-set";

/**
 * Fees reach the validators that signed and their delegators through real CometBFT consensus
 * (FinalizeBlock's decided last commit), and a delegator withdraws its rewards with cosmjs's
 * SigningStargateClient.withdrawRewards: its balance grows by what the chain said it was owed.
 */
const DENOM = "uyml";
const YML = 1_000_000n;
const Q = "/cosmos.distribution.v1beta1.Query/";
const amountOf = (list: Array<{ denom: string; amount: string }>) => decFromWire(list.find((c) => c.denom === DENOM)?.amount ?? "0");

/** How long the busy stretch sends fee-paying txs. */
const BUSY_MS = 60_000;

describe("distribution on the 4-validator localnet", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let node0: string;
  let faucet: { address: string; client: SigningStargateClient };
  let delegator: { address: string; client: SigningStargateClient };
  let validator: string;
  let validators: string[];

  beforeAll(async () => {
    net = await startLocalnet({ validators: 4, basePort: 31657 });
    node0 = net.nodes[0].rpcUrl;
    await waitForHeight(node0, 2, 120_000);
    const faucetWallet = await DirectSecp256k1HdWallet.fromMnemonic(DEV_FAUCET_MNEMONIC, {
      prefix: "yml",
      hdPaths: [makeCosmoshubPath(0)],
    });
    faucet = { address: (await faucetWallet.getAccounts())[0].address, client: await signingClient(node0, faucetWallet) };
    const wallet = await DirectSecp256k1HdWallet.generate(12, { prefix: "yml" });
    delegator = { address: (await wallet.getAccounts())[0].address, client: await signingClient(node0, wallet) };
    validators = await Promise.all([0, 1, 2, 3].map(async (i) => valAddress.encode(accAddress.decode(await localnetOperator(i)))));
    validator = validators[0]!;
  }, 180_000);

  afterAll(async () => {
    await net?.cleanup();
  });

  const rewards = () =>
    abciQuery(
      node0,
      Q + "DelegationRewards",
      q.QueryDelegationRewardsRequest,
      { delegatorAddress: delegator.address, validatorAddress: validator },
      q.QueryDelegationRewardsResponse,
    ).then((r) => amountOf(r.rewards));
  const outstanding = (of: string) =>
    abciQuery(
      node0,
      Q + "ValidatorOutstandingRewards",
      q.QueryValidatorOutstandingRewardsRequest,
      { validatorAddress: of },
      q.QueryValidatorOutstandingRewardsResponse,
    ).then((r) => amountOf(r.rewards!.rewards));

  it("pays a busy minute's fees to every signing validator and a delegator, who withdraws them with cosmjs", async () => {
    await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: MsgSend.fromPartial({
          fromAddress: faucet.address,
          toAddress: delegator.address,
          amount: [{ denom: DENOM, amount: (20n * YML).toString() }],
        }),
      },
    ]);
    const delegated = await delegator.client.delegateTokens(
      delegator.address,
      validator,
      { denom: DENOM, amount: (10n * YML).toString() },
      "auto",
    );
    expect(delegated.code).toBe(0);
    const before = await Promise.all(validators.map(outstanding));

    // A busy minute: fees of 1 YML per tx, paid into the fee collector and allocated at the
    // next BeginBlock to the validators that signed the previous block, by power.
    let sent = 0n;
    for (const end = Date.now() + BUSY_MS; Date.now() < end;) {
      const res = await faucet.client.signAndBroadcast(
        faucet.address,
        [
          {
            typeUrl: "/cosmos.bank.v1beta1.MsgSend",
            value: MsgSend.fromPartial({ fromAddress: faucet.address, toAddress: faucet.address, amount: [{ denom: DENOM, amount: "1" }] }),
          },
        ],
        { amount: [{ denom: DENOM, amount: YML.toString() }], gas: "200000" },
      );
      expect(res.code).toBe(0);
      sent++;
    }
    await waitForHeight(node0, (await delegator.client.getHeight()) + 2, 60_000);
    const after = await Promise.all(validators.map(outstanding));
    const gained = after.map((a, i) => a - before[i]!);
    // Every validator signed and earned; together they hold 98% of the fees (2% community tax).
    for (const g of gained) expect(g).toBeGreaterThan(0n);
    expect(gained.reduce((a, b) => a + b, 0n)).toBeGreaterThanOrEqual((sent * YML * 98n * DEC_ONE) / 100n - DEC_ONE);
    const owed = await rewards();
    expect(owed).toBeGreaterThan(0n);

    const balanceBefore = BigInt(await balanceOf(node0, delegator.address));
    const res = await delegator.client.withdrawRewards(delegator.address, validator, "auto");
    expect(res.code).toBe(0);
    const paid = res.events.filter((e) => e.type === "withdraw_rewards").map((e) => e.attributes.find((a) => a.key === "amount")!.value);
    expect(paid).toHaveLength(1);
    const withdrawn = BigInt(paid[0].replace(DENOM, ""));
    // At least what was owed when queried (fees of blocks in between only add to it).
    expect(withdrawn).toBeGreaterThanOrEqual(owed / DEC_ONE);
    const fee = feeOf(res);
    const balanceAfter = BigInt(await balanceOf(node0, delegator.address));
    expect(balanceAfter).toBe(balanceBefore - fee + withdrawn);
    expect(withdrawn).toBeGreaterThan(0n);
  }, 240_000);
});

/** The fee a delivered tx paid, from its fee-deduction event. */
function feeOf(res: { events: readonly { type: string; attributes: readonly { key: string; value: string }[] }[] }): bigint {
  const fee =
    res.events
      .filter((e) => e.type === "tx")
      .flatMap((e) => e.attributes)
      .find((a) => a.key === "fee")?.value ?? "0uyml";
  return BigInt(fee.replace(DENOM, "") || "0");
}
