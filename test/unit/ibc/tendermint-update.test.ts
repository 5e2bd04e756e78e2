import { describe, expect, it } from "vitest";
import { BlockIDFlag } from "../../../src/gen/tendermint/types/validator";
import type { Timestamp } from "../../../src/gen/google/protobuf/timestamp";
import {
  applyClientMessage,
  clientErrors,
  LightClientError,
  tendermintErrors,
  verifyCommitLight,
  checkValidatorSet,
  type ClientMessage,
  type LightFailure,
} from "../../../src/modules/ibc/light-clients/tendermint";
import type { ErrorKind } from "../../../src/types/errors";
import {
  block,
  clientState,
  consensusStateAt,
  fixture,
  forgeBlock,
  ibcHeight,
  resign,
  seconds,
  shift,
  statesOf,
  updateHeader,
} from "./light-fixtures";

const timeOf = (h: number): Timestamp => block(h).signedHeader.header.time!;
/** A verifier clock a minute after block `h`. */
const after = (h: number): Timestamp => shift(timeOf(h), 60n);

function refusal(fn: () => unknown): unknown {
  try {
    fn();
  } catch (e) {
    return e;
  }
  throw new Error("expected a refusal");
}

function expectRefused(fn: () => unknown, kind: ErrorKind, reason?: LightFailure): void {
  const e = refusal(fn);
  expect(kind.is(e), String(e)).toBe(true);
  if (reason) expect((e as LightClientError).reason).toBe(reason);
}

describe("commit verification on real commits", () => {
  it("every commit carries more than 2/3 of its set's power", () => {
    for (const b of fixture.blocks) {
      const vals = checkValidatorSet(b.validatorSet);
      if (!vals.ok) throw new Error(vals.error);
      const c = b.signedHeader.commit;
      expect(verifyCommitLight(fixture.chainId, vals.value, c.blockId, c.height, c), `height ${b.height}`).toBeUndefined();
    }
  });

  it("a nil precommit is not counted: with one of four signers voting nil, 30 of 45 is not more than 2/3", () => {
    const b = block(10);
    const c = b.signedHeader.commit;
    c.signatures[0].blockIdFlag = BlockIDFlag.BLOCK_ID_FLAG_NIL;
    resign(c);
    const vals = checkValidatorSet(b.validatorSet);
    if (!vals.ok) throw new Error(vals.error);
    expect(verifyCommitLight(fixture.chainId, vals.value, c.blockId, c.height, c)).toMatchObject({ notEnoughPower: true });
  });
});

describe("07-tendermint header updates (MsgUpdateClient) on real headers", () => {
  const update = (cs = clientState(6), states = statesOf([[6, consensusStateAt(6)]]), msg: ClientMessage, now = after(10)) =>
    applyClientMessage(cs, states, msg, now);

  it("accepts an adjacent header across a validator joining and yields the new consensus state", () => {
    const h = fixture.joinerAddedAt;
    const res = update(clientState(h - 1), statesOf([[h - 1, consensusStateAt(h - 1)]]), { header: updateHeader(h, h - 1) }, after(h));
    expect(res.kind).toBe("updated");
    if (res.kind !== "updated") return;
    const header = block(h).signedHeader.header;
    expect(res.height).toEqual(ibcHeight(h));
    expect(res.clientState.latestHeight).toEqual(ibcHeight(h));
    expect(res.consensusState).toEqual({
      timestamp: header.time,
      root: { hash: header.appHash },
      nextValidatorsHash: header.nextValidatorsHash,
    });
    expect(res.duplicate).toBe(false);
  });

  it("accepts non-adjacent headers across both set changes (1/3 of the trusted set signed)", () => {
    for (const [trusted, target] of [
      [3, 10],
      [3, 14],
      [8, 15],
    ]) {
      const res = update(
        clientState(trusted),
        statesOf([[trusted, consensusStateAt(trusted)]]),
        { header: updateHeader(target, trusted) },
        after(target),
      );
      expect(res, `${trusted} -> ${target}`).toMatchObject({ kind: "updated", height: ibcHeight(target), duplicate: false });
    }
  });

  it("an older height fills a gap without lowering the latest height; a repeat is a no-op", () => {
    const states = statesOf([
      [3, consensusStateAt(3)],
      [12, consensusStateAt(12)],
    ]);
    const gap = update(clientState(12), states, { header: updateHeader(8, 3) }, after(12));
    expect(gap).toMatchObject({ kind: "updated", height: ibcHeight(8), duplicate: false });
    if (gap.kind === "updated") expect(gap.clientState.latestHeight).toEqual(ibcHeight(12));
    const again = update(clientState(12), states, { header: updateHeader(12, 3) }, after(12));
    expect(again).toMatchObject({ kind: "updated", duplicate: true, consensusState: consensusStateAt(12) });
  });

  it("refuses a tampered commit signature", () => {
    const msg = updateHeader(10, 3);
    msg.signedHeader!.commit!.signatures[0].signature[5] ^= 1;
    expectRefused(
      () => update(clientState(3), statesOf([[3, consensusStateAt(3)]]), { header: msg }),
      tendermintErrors.ErrInvalidHeader,
      "ErrInvalidCommit",
    );
    const adjacent = updateHeader(10, 9);
    adjacent.signedHeader!.commit!.signatures[1].signature[0] ^= 1;
    expectRefused(
      () => update(clientState(9), statesOf([[9, consensusStateAt(9)]]), { header: adjacent }),
      tendermintErrors.ErrInvalidHeader,
      "ErrInvalidHeader",
    );
  });

  it("refuses a header of another chain id", () => {
    const cs = clientState(6, { chainId: "otherchain-1" });
    expectRefused(
      () => update(cs, statesOf([[6, consensusStateAt(6)]]), { header: updateHeader(10, 6) }),
      tendermintErrors.ErrInvalidHeader,
      "ErrInvalidHeader",
    );
  });

  it("refuses once the trusted state is past the trusting period, even while a later state keeps the client active", () => {
    // Blocks are about a second apart: a 10 s period has run out for block 3, not for block 12.
    const cs = clientState(12, { trustingPeriod: seconds(10n) });
    const states = statesOf([
      [3, consensusStateAt(3)],
      [12, consensusStateAt(12)],
    ]);
    const now = shift(timeOf(3), 10n);
    expect(timeOf(12).seconds > timeOf(3).seconds).toBe(true);
    expectRefused(
      () => update(cs, states, { header: updateHeader(14, 3) }, now),
      tendermintErrors.ErrTrustingPeriodExpired,
      "ErrOldHeaderExpired",
    );
    // One nanosecond earlier the same update goes through.
    expect(update(cs, states, { header: updateHeader(14, 3) }, shift(now, 0n, -1n)).kind).toBe("updated");
    // With every state expired the client itself is no longer active.
    expectRefused(
      () => update(cs, statesOf([[3, consensusStateAt(3)]]), { header: updateHeader(14, 3) }, now),
      clientErrors.ErrClientNotActive,
    );
  });

  it("refuses a non-adjacent header the trusted set does not vouch for with the trust level", () => {
    // Block 15: three of the four original validators signed (30 of the trusted 40). 3/4 needs more than 30.
    const msg = updateHeader(15, 3);
    expect(msg.signedHeader!.commit!.signatures.filter((s) => s.blockIdFlag === BlockIDFlag.BLOCK_ID_FLAG_COMMIT)).toHaveLength(3);
    const states = statesOf([[3, consensusStateAt(3)]]);
    const strict = clientState(3, { trustLevel: { numerator: 3n, denominator: 4n } });
    expectRefused(
      () => update(strict, states, { header: msg }, after(15)),
      tendermintErrors.ErrInvalidValidatorSet,
      "ErrNewValSetCantBeTrusted",
    );
    expect(update(clientState(3, { trustLevel: { numerator: 2n, denominator: 3n } }), states, { header: msg }, after(15)).kind).toBe(
      "updated",
    );
  });

  it("refuses a header from beyond now + max clock drift", () => {
    const t = timeOf(10);
    const drift = seconds(1n);
    const cs = clientState(6, { maxClockDrift: drift });
    const states = statesOf([[6, consensusStateAt(6)]]);
    expectRefused(
      () => update(cs, states, { header: updateHeader(10, 6) }, shift(t, -1n)),
      tendermintErrors.ErrInvalidHeader,
      "ErrInvalidHeader",
    );
    expect(update(cs, states, { header: updateHeader(10, 6) }, shift(t, -1n, 1n)).kind).toBe("updated");
  });

  it("refuses trusted validators that are not the trusted state's next validators", () => {
    const msg = updateHeader(10, 6);
    msg.trustedValidators = block(6).validatorSet;
    expectRefused(
      () => update(clientState(6), statesOf([[6, consensusStateAt(6)]]), { header: msg }),
      tendermintErrors.ErrInvalidValidatorSet,
    );
  });

  it("refuses an adjacent header whose validators are not the trusted next validators", () => {
    const h = fixture.joinerAddedAt;
    // A trusted state claiming the set stayed the four original validators.
    const trusted = { ...consensusStateAt(h - 1), nextValidatorsHash: block(h - 1).signedHeader.header.validatorsHash };
    const msg = updateHeader(h, h - 1);
    msg.trustedValidators = block(h - 1).validatorSet;
    expectRefused(
      () => update(clientState(h - 1), statesOf([[h - 1, trusted]]), { header: msg }, after(h)),
      tendermintErrors.ErrInvalidValidatorSet,
      "ErrNextValidatorsMismatch",
    );
  });

  it("refuses a validator set that does not hash to the header's, and a header not above its trusted height", () => {
    const msg = updateHeader(10, 6);
    msg.validatorSet = block(6).validatorSet;
    expectRefused(() => update(clientState(6), statesOf([[6, consensusStateAt(6)]]), { header: msg }), clientErrors.ErrInvalidHeader);
    expectRefused(
      () => update(clientState(10), statesOf([[10, consensusStateAt(10)]]), { header: updateHeader(10, 10) }),
      tendermintErrors.ErrInvalidHeaderHeight,
    );
    expectRefused(
      () => update(clientState(6), statesOf([[6, consensusStateAt(6)]]), { header: updateHeader(10, 5) }),
      clientErrors.ErrConsensusStateNotFound,
    );
  });

  it("refuses a forged header: the real commit does not sign it", () => {
    const msg = updateHeader(10, 6);
    msg.signedHeader!.header!.appHash = Uint8Array.of(9, 9);
    expectRefused(() => update(clientState(6), statesOf([[6, consensusStateAt(6)]]), { header: msg }), clientErrors.ErrInvalidHeader);
  });
});

describe("07-tendermint misbehaviour", () => {
  /** Block 10 with another app hash, signed by the real validators' keys: a fork. */
  const fork = () => forgeBlock(10, (h) => (h.appHash = Uint8Array.of(7, 7, 7)));
  const forkHeader = () => {
    const f = fork();
    return { ...updateHeader(10, 3), signedHeader: f.signedHeader };
  };

  it("a conflicting header at an already trusted height freezes the client", () => {
    const states = statesOf([
      [3, consensusStateAt(3)],
      [10, consensusStateAt(10)],
    ]);
    const res = applyClientMessage(clientState(10), states, { header: forkHeader() }, after(10));
    expect(res).toEqual({ kind: "frozen", clientState: { ...clientState(10), frozenHeight: { revisionNumber: 0n, revisionHeight: 1n } } });
    if (res.kind !== "frozen") return;
    expectRefused(
      () => applyClientMessage(res.clientState, states, { header: updateHeader(14, 10) }, after(14)),
      clientErrors.ErrClientNotActive,
    );
  });

  it("MsgSubmitMisbehaviour with two signed headers for one height freezes the client", () => {
    const states = statesOf([[3, consensusStateAt(3)]]);
    const misbehaviour = { clientId: "07-tendermint-0", header1: updateHeader(10, 3), header2: forkHeader() };
    expect(applyClientMessage(clientState(3), states, { misbehaviour }, after(10)).kind).toBe("frozen");
    // The same header twice is no evidence.
    const same = { clientId: "07-tendermint-0", header1: updateHeader(10, 3), header2: updateHeader(10, 3) };
    expect(applyClientMessage(clientState(3), states, { misbehaviour: same }, after(10)).kind).toBe("unchanged");
  });

  it("a header whose time is not after its stored predecessor's (BFT time violation) freezes the client", () => {
    const early = forgeBlock(12, (h) => (h.time = shift(timeOf(11), -1n)));
    const states = statesOf([
      [3, consensusStateAt(3)],
      [11, consensusStateAt(11)],
      [13, consensusStateAt(13)],
    ]);
    const msg = { ...updateHeader(12, 3), signedHeader: early.signedHeader };
    expect(applyClientMessage(clientState(13), states, { header: msg }, after(13)).kind).toBe("frozen");
    // The real block 12 fits between its neighbours.
    expect(applyClientMessage(clientState(13), states, { header: updateHeader(12, 3) }, after(13)).kind).toBe("updated");
  });

  it("refuses misbehaviour whose header a key outside the set signed, or whose trusted state expired", () => {
    const states = statesOf([[3, consensusStateAt(3)]]);
    const bad = forkHeader();
    bad.signedHeader!.commit!.signatures[2].signature[1] ^= 1;
    const misbehaviour = { clientId: "07-tendermint-0", header1: updateHeader(10, 3), header2: bad };
    expectRefused(() => applyClientMessage(clientState(3), states, { misbehaviour }, after(10)), clientErrors.ErrInvalidMisbehaviour);
    const good = { clientId: "07-tendermint-0", header1: updateHeader(10, 3), header2: forkHeader() };
    const short = clientState(10, { trustingPeriod: seconds(60n) });
    const recent = statesOf([
      [3, consensusStateAt(3)],
      [10, consensusStateAt(10)],
    ]);
    expectRefused(
      () => applyClientMessage(short, recent, { misbehaviour: good }, shift(timeOf(3), 60n)),
      tendermintErrors.ErrTrustingPeriodExpired,
    );
  });
});
