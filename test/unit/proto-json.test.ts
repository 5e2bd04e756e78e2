import { describe, expect, it } from "vitest";
import { GenesisState } from "cosmjs-types/cosmos/auth/v1beta1/genesis";
import { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { binaryToJson, jsonToBinary } from "../../src/app/proto-json";

describe("proto JSON by reflection", () => {
  it("writes grpc-gateway JSON and reads it back with Cosmos type URLs, nested Anys included", () => {
    const account = BaseAccount.encode({ address: "yml1abc", pubKey: undefined, accountNumber: 7n, sequence: 3n }).finish();
    const bytes = GenesisState.encode(GenesisState.fromPartial({ accounts: [{ typeUrl: "/cosmos.auth.v1beta1.BaseAccount", value: account }] })).finish();
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
