import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as tx from "cosmjs-types/cosmos/nft/v1beta1/tx";
import { QueryOwnerRequest, QueryOwnerResponse } from "cosmjs-types/cosmos/nft/v1beta1/query";
import { DENOM, pack, type TestChain } from "../helpers/chain";
import { moduleChain, moduleKeys } from "../helpers/module-setup";
import { ERR_FROZEN, deliverFrozen, expectEnforcementError, freeze, release } from "./helpers/freeze-titles-case";

// Attack: an NFT owner under an enforcement freeze sends the NFT away with x/nft's MsgSend,
// which moves no coins and so passes bank's send check. Receiving an NFT while frozen is allowed.

const keys = moduleKeys("freeze-titles-nft", ["alice", "bob"]);
const { alice, bob } = keys;
const token = (id: string) => ({ class_id: "deed", id, uri: "", uri_hash: "", data: null });
const send = (sender: string, id: string, receiver: string) =>
  pack("/cosmos.nft.v1beta1.MsgSend", tx.MsgSend, { classId: "deed", id, sender, receiver });

describe("x/nft: a frozen owner cannot send an NFT", () => {
  let chain: TestChain;
  let caseId: bigint;
  const owner = (id: string) =>
    chain.query("/cosmos.nft.v1beta1.Query/Owner", QueryOwnerRequest, { classId: "deed", id }, QueryOwnerResponse).owner;

  beforeAll(async () => {
    chain = await moduleChain("freeze-titles-nft", Object.keys(keys), [{ denom: DENOM, amount: "1000000000" }], (s) => {
      s.nft = {
        classes: [{ id: "deed", name: "Deeds", symbol: "DEED", description: "", uri: "", uri_hash: "", data: null }],
        entries: [
          { owner: alice.address, nfts: [token("a1")] },
          { owner: bob.address, nfts: [token("b1")] },
        ],
      };
    });
    caseId = await freeze(chain, alice.address);
  });
  afterAll(async () => chain.close());

  it("MsgSend by the frozen owner is refused with ErrFrozen and the NFT stays", async () => {
    expectEnforcementError(await deliverFrozen(chain, alice, [send(alice.address, "a1", bob.address)]), ERR_FROZEN);
    expect(owner("a1")).toBe(alice.address);
  });

  it("the frozen account may still receive an NFT", async () => {
    await chain.mustDeliver(bob, [send(bob.address, "b1", alice.address)]);
    expect(owner("b1")).toBe(alice.address);
  });

  it("after release the owner sends again", async () => {
    await release(chain, caseId);
    await chain.mustDeliver(alice, [send(alice.address, "a1", bob.address)]);
    expect(owner("a1")).toBe(bob.address);
  });
});
