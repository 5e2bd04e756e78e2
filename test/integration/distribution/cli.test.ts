import { describe, expect, it } from "vitest";
import { testKey } from "../../helpers/chain";
import { mustCli } from "../cli/cli-runner";
import { operatorOf } from "./setup";

/** The CLI derives `tx distribution …` from the module's message definitions: each builds the SDK message. */
describe("blockchaind tx distribution (generated commands)", () => {
  const del = testKey("distribution/del1").address;
  const val = testKey("distribution/val1");
  const offline = (args: string[]) =>
    mustCli(["tx", "distribution", ...args, "--generate-only", "--chain-id", "offline"]).then((out) => JSON.parse(out).body.messages[0]);

  it("builds the delegator and operator messages, the operator's valoper from --from", async () => {
    expect(await offline(["withdraw-delegator-reward", del, operatorOf(val)])).toEqual({
      "@type": "/cosmos.distribution.v1beta1.MsgWithdrawDelegatorReward",
      delegator_address: del,
      validator_address: operatorOf(val),
    });
    expect(await offline(["withdraw-validator-commission", "--from", val.address])).toEqual({
      "@type": "/cosmos.distribution.v1beta1.MsgWithdrawValidatorCommission",
      validator_address: operatorOf(val),
    });
    expect(await offline(["set-withdraw-address", del, val.address])).toEqual({
      "@type": "/cosmos.distribution.v1beta1.MsgSetWithdrawAddress",
      delegator_address: del,
      withdraw_address: val.address,
    });
    expect(await offline(["fund-community-pool", "5uyml", "--from", del])).toEqual({
      "@type": "/cosmos.distribution.v1beta1.MsgFundCommunityPool",
      amount: [{ denom: "uyml", amount: "5" }],
      depositor: del,
    });
  });
});
