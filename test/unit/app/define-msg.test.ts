import { describe, expect, it } from "vitest";
import { MsgSend, MsgSendResponse, MsgSetSendEnabled, MsgSetSendEnabledResponse } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import { AddressBytesToStringRequest, AddressBytesToStringResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { QueryBalanceRequest, QueryBalanceResponse } from "cosmjs-types/cosmos/bank/v1beta1/query";
import { validateMsg } from "../../../src/app/msg-validate";
import { Router } from "../../../src/app/router";
import { accAddress } from "../../../src/types/address";
import { govAuthority } from "../../../src/types/authority";
import type { Context } from "../../../src/types/context";
import { defineAuthorityMsg, defineMsg, defineQuery } from "../../../src/types/define";
import { registerError } from "../../../src/types/errors";
import * as landTx from "../../../src/gen/blockchain/land/v1/tx";

const ALICE = accAddress.encode(new Uint8Array(20).fill(1));
const BOB = accAddress.encode(new Uint8Array(20).fill(2));

/** The slice of a Context that routing a message touches. */
const ctx = {
  msgDepth: 0,
  withMsgDepth() {
    return ctx;
  },
  atomic<T>(fn: (inner: Context) => T): T {
    return fn(ctx);
  },
  events: { emit() {} },
} as unknown as Context;

describe("defineMsg", () => {
  it("takes the type URL from the codec: cosmjs-types' typeUrl, our generated $type", () => {
    const send = defineMsg({ codec: MsgSend, responseCodec: MsgSendResponse, signer: "fromAddress", handle: () => ({}) });
    expect(send.typeUrl).toBe("/cosmos.bank.v1beta1.MsgSend");
    const parcel = defineMsg({
      codec: landTx.MsgRegisterParcel,
      responseCodec: landTx.MsgRegisterParcelResponse,
      signer: "creator",
      handle: () => ({}),
    });
    expect(parcel.typeUrl).toBe("/blockchain.land.v1.MsgRegisterParcel");
  });

  it("hands handle what validate parsed, validated once on the router's path (gov, authz, group)", () => {
    let validations = 0;
    const seen: unknown[] = [];
    const send = defineMsg({
      codec: MsgSend,
      responseCodec: MsgSendResponse,
      signer: "fromAddress",
      validate: (m) => {
        validations++;
        return { total: m.amount.reduce((sum, c) => sum + BigInt(c.amount), 0n) };
      },
      handle: (_ctx, _m, parsed) => {
        seen.push(parsed);
        return {};
      },
    });
    const router = new Router([{ name: "bank", msgs: [send] }]);
    const value = MsgSend.encode(
      MsgSend.fromPartial({
        fromAddress: ALICE,
        toAddress: BOB,
        amount: [
          { denom: "u", amount: "5" },
          { denom: "v", amount: "7" },
        ],
      }),
    ).finish();
    const response = router.execute(ctx, { typeUrl: send.typeUrl, value });
    expect(response.typeUrl).toBe("/cosmos.bank.v1beta1.MsgSendResponse");
    expect(validations).toBe(1);
    expect(seen).toEqual([{ total: 12n }]);
  });

  it("hands handle the message itself when validate returns nothing", () => {
    const send = defineMsg({
      codec: MsgSend,
      responseCodec: MsgSendResponse,
      signer: "fromAddress",
      validate: () => {},
      handle: () => ({}),
    });
    const msg = MsgSend.fromPartial({ fromAddress: ALICE, toAddress: BOB });
    expect(validateMsg(send, msg)).toBe(msg);
  });
});

describe("defineAuthorityMsg", () => {
  const ErrNotGov = registerError("unittest-authority", 2, "not governance");
  const def = defineAuthorityMsg({
    codec: MsgSetSendEnabled,
    responseCodec: MsgSetSendEnabledResponse,
    invalidSigner: ErrNotGov,
    handle: () => ({}),
  });

  it("is signed by its authority field", () => {
    expect(def.signerField).toBe("authority");
    expect(def.signers(MsgSetSendEnabled.fromPartial({ authority: ALICE }))).toEqual([ALICE]);
  });

  it("runs for governance and refuses anyone else with the module's error", () => {
    expect(def.handle(ctx, MsgSetSendEnabled.fromPartial({ authority: govAuthority() }), undefined as never)).toEqual({});
    let refused: unknown;
    try {
      def.handle(ctx, MsgSetSendEnabled.fromPartial({ authority: ALICE }), undefined as never);
    } catch (e) {
      refused = e;
    }
    expect(ErrNotGov.is(refused)).toBe(true);
  });
});

describe("defineQuery", () => {
  it("takes the gRPC path and the REST route from the rpc and its google.api.http annotation", () => {
    const q = defineQuery({
      requestCodec: QueryBalanceRequest,
      responseCodec: QueryBalanceResponse,
      handle: () => QueryBalanceResponse.fromPartial({}),
    });
    expect(q.path).toBe("/cosmos.bank.v1beta1.Query/Balance");
    expect(q.rest?.path).toBe("/cosmos/bank/v1beta1/balances/{address}/by_denom");
  });

  it("rest: false keeps an annotated rpc off REST", () => {
    const q = defineQuery({
      requestCodec: AddressBytesToStringRequest,
      responseCodec: AddressBytesToStringResponse,
      rest: false,
      handle: () => ({ addressString: "" }),
    });
    expect(q.path).toBe("/cosmos.auth.v1beta1.Query/AddressBytesToString");
    expect(q.rest).toBeUndefined();
  });
});
