import { describe, expect, it } from "vitest";
import { GenesisState } from "cosmjs-types/cosmos/auth/v1beta1/genesis";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { binaryToJson, jsonToBinary } from "../../src/codec/proto-json";

describe("proto JSON by reflection", () => {
  it("writes grpc-gateway JSON and reads it back with Cosmos type URLs, nested Anys included", () => {
    const account = BaseAccount.encode({ address: "yml1abc", pubKey: undefined, accountNumber: 7n, sequence: 3n }).finish();
    const bytes = GenesisState.encode(
      GenesisState.fromPartial({ accounts: [{ typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: account }] }),
    ).finish();
    const json = binaryToJson("cosmos.auth.v1beta1.GenesisState", bytes) as any;
    expect(json.accounts[0]["@type"]).toBe("/cosmos.auth.v1beta1.BaseAccount");
    expect(json.accounts[0].account_number).toBe("7");
    const back = GenesisState.decode(jsonToBinary("cosmos.auth.v1beta1.GenesisState", json));
    expect(back.accounts[0].typeUrl).toBe("/cosmos.auth.v1beta1.BaseAccount");
    expect(BaseAccount.decode(back.accounts[0].value).sequence).toBe(3n);
  });

  it("refuses malformed JSON with an SDK JSON error", () => {
    expect(() => jsonToBinary("cosmos.auth.v1beta1.GenesisState", { accounts: "nope" })).toThrow(/failed to unmarshal JSON/);
  });
});

describe("LegacyDec in JSON", () => {
  it("writes the SDK's decimal text and reads it back to the wire form ('1' is one, as LegacyNewDecFromStr)", async () => {
    const { Validator } = await import("cosmjs-types/cosmos/staking/v1beta1/staking");
    const v = Validator.fromPartial({
      operatorAddress: "ymlvaloper1x",
      tokens: "5",
      delegatorShares: "5000000000000000000",
      commission: { commissionRates: { rate: "100000000000000000", maxRate: "1000000000000000000", maxChangeRate: "10000000000000000" } },
    });
    const json = binaryToJson("cosmos.staking.v1beta1.Validator", Validator.encode(v).finish()) as any;
    expect(json.delegator_shares).toBe("5.000000000000000000");
    expect(json.commission.commission_rates.rate).toBe("0.100000000000000000");
    const back = Validator.decode(jsonToBinary("cosmos.staking.v1beta1.Validator", json));
    expect(back.delegatorShares).toBe("5000000000000000000");
    expect(back.commission!.commissionRates!.rate).toBe("100000000000000000");
    json.commission.commission_rates.max_rate = "1";
    json.commission.commission_rates.rate = "0.05";
    const edited = Validator.decode(jsonToBinary("cosmos.staking.v1beta1.Validator", json));
    expect(edited.commission!.commissionRates!.maxRate).toBe("1000000000000000000");
    expect(edited.commission!.commissionRates!.rate).toBe("50000000000000000");
  });
});
