import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Status } from "../../src/gen/blockchain/land/v1/parcel";
import * as q from "../../src/gen/blockchain/land/v1/query";
import * as tx from "../../src/gen/blockchain/land/v1/tx";
import type { TestChain } from "../helpers/chain";
import {
  WINDOW,
  admit,
  createOffice,
  innerResponse,
  keys,
  landChain,
  msg,
  mustAsOffice,
  now,
  parcel,
  responseOf,
  transfer,
} from "../integration/land/setup";
import { ERR_FROZEN, deliverFrozen, expectEnforcementError, freeze, release } from "./helpers/freeze-titles-case";

// Attack: a holder under an enforcement freeze moves a land title away — by proposing a new
// transfer, or by letting a transfer proposed before the freeze complete. Neither moves coins,
// so bank's send check never sees them. Receiving a title while frozen stays allowed.

describe("land: a frozen holder cannot transfer a title away", () => {
  let chain: TestChain;
  let A: string;
  let B: string;
  let C: string;
  const { op1, op2, op3, holder, buyer, other } = keys;
  let early: bigint; // parcel whose transfer was proposed before the freeze
  let later: bigint; // parcel the frozen holder tries to offer
  let transferId: bigint;
  let holderCase: bigint;

  const pending = () =>
    chain
      .query(
        "/blockchain.land.v1.Query/PendingTransfers",
        q.QueryPendingTransfersRequest,
        { pagination: undefined },
        q.QueryPendingTransfersResponse,
      )
      .transfers.map((t) => t.id);
  const register = async (geometry: string, ref: string) =>
    innerResponse(await mustAsOffice(chain, op1, [msg.registerParcel(A, geometry, ref, holder.address)]), tx.MsgRegisterParcelResponse).id;

  beforeAll(async () => {
    chain = await landChain();
    [A, B, C] = [await createOffice(chain, op1), await createOffice(chain, op2), await createOffice(chain, op3)];
    await admit(chain, A, "KE", "Nairobi");
    await admit(chain, B, "KE", "Mombasa");
    await admit(chain, C, "TZ", "Dar es Salaam");
    early = await register("geo-early", "KE/NBI/100");
    later = await register("geo-later", "KE/NBI/101");
    // The whole pipeline runs before the freeze: proposed, validated, quorum, window closed.
    transferId = responseOf(
      await chain.mustDeliver(holder, [msg.propose(holder.address, early, buyer.address)]),
      tx.MsgProposeTransferResponse,
    ).transferId;
    await mustAsOffice(chain, op1, [msg.validate(A, transferId)]);
    await mustAsOffice(chain, op2, [msg.attest(B, transferId)]);
    await mustAsOffice(chain, op3, [msg.attest(C, transferId)]);
    chain.setNextBlockTime({ seconds: now(chain) + WINDOW + 1n, nanos: 0 });
    await chain.produceBlocks(1);
    holderCase = await freeze(chain, holder.address);
    await freeze(chain, buyer.address);
  });
  afterAll(async () => chain.close());

  it("MsgProposeTransfer by the frozen holder is refused with ErrFrozen; the parcel stays REGISTERED", async () => {
    expectEnforcementError(await deliverFrozen(chain, holder, [msg.propose(holder.address, later, other.address)]), ERR_FROZEN);
    expect(parcel(chain, later)).toMatchObject({ holder: holder.address, status: Status.STATUS_REGISTERED });
    expect(pending()).toEqual([transferId]);
  });

  it("a transfer proposed before the freeze does not complete while the holder is frozen: it stays open", async () => {
    expectEnforcementError(await chain.deliver(other, [msg.complete(other.address, transferId)]), ERR_FROZEN);
    expect(parcel(chain, early)).toMatchObject({ holder: holder.address, status: Status.STATUS_TRANSFER_PENDING });
    expect(transfer(chain, transferId).completedAt).toBe(0n);
    expect(pending()).toEqual([transferId]);
  });

  it("once the holder's freeze ends the transfer completes, to a recipient that is itself frozen (receiving is allowed)", async () => {
    await release(chain, holderCase);
    await chain.mustDeliver(other, [msg.complete(other.address, transferId)]);
    expect(parcel(chain, early)).toMatchObject({ holder: buyer.address, status: Status.STATUS_REGISTERED });
    await chain.mustDeliver(holder, [msg.propose(holder.address, later, other.address)]);
  });
});
