import { describe, expect, it } from "vitest";
import { validateMsg } from "../../../src/app/msg-validate";
import { accAddress } from "../../../src/types/address";
import { AppError, registerError, sdkErrors } from "../../../src/types/errors";
import type { MsgDef } from "../../../src/types/module";

const ALICE = accAddress.encode(new Uint8Array(20).fill(1));
const ErrAmount = registerError("unittest", 1105, "invalid amount");

type Mint = { issuer: string; denom: string; amount: string; recipient: string };

function def<M>(typeUrl: string, validate: (m: M) => void): MsgDef<M> {
  return { typeUrl, codec: undefined as never, responseCodec: undefined as never, signers: () => [], validate, handle: () => ({}) };
}

const mint = def<Mint>("/blockchain.stablecoin.v1.MsgMintCoin", (m) => {
  accAddress.validate(m.issuer);
  accAddress.validate(m.recipient);
  if (m.amount === "0") throw ErrAmount.wrap("must be positive");
});

function refusal(fn: () => void): AppError {
  try {
    fn();
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error("expected a refusal");
}

describe("validateMsg names the field a refusal concerns", () => {
  it("an address field: sdk 7 kept, message names the field", () => {
    const e = refusal(() => validateMsg(mint, { issuer: ALICE, denom: "ueur", amount: "1", recipient: "bad" }));
    expect([e.codespace, e.code]).toEqual(["sdk", 7]);
    expect(e.message).toMatch(/^invalid recipient address: invalid address "bad"/);
  });

  it("the signer field likewise", () => {
    const e = refusal(() => validateMsg(mint, { issuer: "", denom: "ueur", amount: "1", recipient: ALICE }));
    expect(e.message).toBe("invalid issuer address: empty address string is not allowed: invalid address");
  });

  it("an amount: the module's code kept, named by the message's action", () => {
    const e = refusal(() => validateMsg(mint, { issuer: ALICE, denom: "ueur", amount: "0", recipient: ALICE }));
    expect([e.codespace, e.code]).toEqual(["unittest", 1105]);
    expect(e.message).toBe("invalid mint amount: must be positive: invalid amount");
  });

  it("a field already named by ending in address is not doubled", () => {
    const register = def<{ creator: string; msgTypeUrl: string; payoutAddress: string }>(
      "/blockchain.builderfee.v1.MsgRegisterBuilder",
      (m) => {
        accAddress.validate(m.creator);
        accAddress.validate(m.payoutAddress);
      },
    );
    const e = refusal(() => validateMsg(register, { creator: ALICE, msgTypeUrl: "/x.y", payoutAddress: "nope" }));
    expect(e.message).toMatch(/^invalid payout address: /);
  });

  it("other refusals are left as they are; valid messages pass", () => {
    const other = def<Mint>("/blockchain.stablecoin.v1.MsgMintCoin", (m) => {
      if (m.denom === "") throw sdkErrors.ErrInvalidRequest.wrap("denom required");
    });
    const e = refusal(() => validateMsg(other, { issuer: ALICE, denom: "", amount: "1", recipient: ALICE }));
    expect(e.message).toBe("denom required: invalid request");
    expect(() => validateMsg(mint, { issuer: ALICE, denom: "ueur", amount: "1", recipient: ALICE })).not.toThrow();
  });
});
