import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { QueryAllDemotionRequest, QueryAllDemotionResponse } from "../../src/gen/blockchain/validatorgov/v1/query";
import { MsgSetValidatorPower } from "../../src/gen/blockchain/validatorgov/v1/tx";
import { appHashAt, latestHeight, waitForHeight } from "../../src/cli/localnet";
import { moduleAddress } from "../../src/types/address";
import { startLocalnet } from "./helpers";
import { accountAt, passProposal as passThroughGov, uyml, YML, type Account } from "./helpers/governance";
import { abciQuery, cometPowers, consensusKeyOf, mustDeliver, waitForCometPower, waitForSignedBlock } from "./helpers/validator-set";

const JURISDICTIONS = ["DE", "FR", "IT", "ES"];

describe("validatorgov on real CometBFT: a concentration breach demotes a validator and clearing it restores the validator", () => {
  let net: Awaited<ReturnType<typeof startLocalnet>>;
  let node0: string;
  let faucet: Account;
  let operators: Account[];

  const passProposal = (messages: Array<{ typeUrl: string; value: Uint8Array }>, title: string) =>
    passThroughGov(node0, faucet, operators, messages, title);

  const seats = (validator: string, n: bigint) => ({
    typeUrl: "/blockchain.validatorgov.v1.MsgSetValidatorPower",
    value: MsgSetValidatorPower.encode({ authority: moduleAddress("gov"), validator, seats: n }).finish(),
  });

  beforeAll(async () => {
    net = await startLocalnet({
      validators: 4,
      basePort: 24657,
      // Each genesis validator declares its own country; one legal entity may hold at most 40%.
      mutateGenesis: (s) => {
        s.validatorgov.validator_application_map.forEach((a: any, i: number) => (a.declaration.jurisdiction = JURISDICTIONS[i]));
        s.validatorgov.approved_validator_map.forEach((a: any, i: number) => (a.declaration.jurisdiction = JURISDICTIONS[i]));
        Object.assign(s.constitution.invariants, {
          max_entity_power_bps: "4000",
          max_beneficial_owner_power_bps: "4000",
          max_jurisdiction_power_bps: "4000",
          concentration_epoch_blocks: "10",
          min_active_validators: 3,
        });
      },
    });
    node0 = net.nodes[0].rpcUrl;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, 2, 120_000)));
    faucet = await accountAt(node0, 0);
    operators = await Promise.all(net.nodes.map((_, i) => accountAt(node0, i + 1)));
    await mustDeliver(faucet.client, faucet.address, [
      {
        typeUrl: "/cosmos.bank.v1beta1.MsgSend",
        value: MsgSend.fromPartial({ fromAddress: faucet.address, toAddress: moduleAddress("validatorgov"), amount: [uyml(50n * YML)] }),
      },
    ]);
  });

  afterAll(async () => {
    await net?.cleanup();
  });

  it("seats granted by governance breach the entity ceiling; the next epoch jails the validator, which stops signing, and the chain goes on", async () => {
    const key = consensusKeyOf(net.nodes[0].home);
    // 10 + 15 seats = 25 of 55: 45% > 40%.
    await passProposal([seats(operators[0].address, 15n)], "Seats for node 0");
    await waitForCometPower(node0, key.address, 25n, 60_000);
    const gone = await waitForCometPower(node0, key.address, 0n, 90_000);
    const demotions = (
      await abciQuery(
        node0,
        "/blockchain.validatorgov.v1.Query/ListDemotion",
        QueryAllDemotionRequest,
        { pagination: undefined },
        QueryAllDemotionResponse,
      )
    ).demotion;
    expect(demotions.map((d) => [d.operator, d.group, d.jailedValidator])).toEqual([[operators[0].address, operators[0].address, true]]);
    expect([...(await cometPowers(node0)).values()]).toEqual([10n, 10n, 10n]);
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, gone + 3, 60_000)));
  });

  it("clearing the breach through governance restores it at the next epoch; it signs again and every node agrees on the app hash", async () => {
    const key = consensusKeyOf(net.nodes[0].home);
    // 10 + 1 seat = 11 of 41: 26.8%.
    await passProposal([seats(operators[0].address, 1n)], "Fewer seats for node 0");
    const back = await waitForCometPower(node0, key.address, 11n, 90_000);
    await waitForSignedBlock(node0, key.address, back, 60_000);
    const h = (await latestHeight(node0)) - 1;
    await Promise.all(net.nodes.map((n) => waitForHeight(n.rpcUrl, h, 60_000)));
    const hashes = await Promise.all(net.nodes.map((n) => appHashAt(n.rpcUrl, h)));
    expect(new Set(hashes).size).toBe(1);
  });
});
