import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DENOM, type TestChain } from "../../helpers/chain";
import {
  EUR,
  currency,
  denomMetadata,
  eventOf,
  expectStablecoinError,
  getApplication,
  getIssuer,
  keys,
  listApplications,
  listIssuers,
  msg,
  queryCode,
  stablecoinChain,
} from "./setup";

const { issuer, other, mallory } = keys;

describe("stablecoin currency registration and issuer approval", () => {
  let chain: TestChain;

  beforeAll(async () => {
    chain = await stablecoinChain();
  });
  afterAll(async () => chain.close());

  it("registration creates a pending application and no issuer", async () => {
    const res = await chain.mustDeliver(issuer, [msg.register(currency(issuer.address))]);
    expect(eventOf(res, "stablecoin_currency_registered")).toEqual({ denom: EUR, creator: issuer.address });
    expect(getApplication(chain, EUR)).toEqual({
      denom: EUR,
      status: "pending",
      creator: issuer.address,
      displayDenom: "eur",
      exponent: 6n,
      name: "Euro Token",
      symbol: "EURT",
      description: "Fully reserved euro",
    });
    expect(listApplications(chain).issuerApplication.map((a) => a.denom)).toEqual([EUR]);
    expect(queryCode(() => getIssuer(chain, EUR))).toBe(22);
  });

  it("refuses a second registration of a pending denom (1101)", async () => {
    expectStablecoinError(await chain.deliver(other, [msg.register(currency(other.address))]), 1101);
    expect(getApplication(chain, EUR).creator).toBe(issuer.address);
  });

  it("refuses a denom already circulating on the chain, such as the staking token (1101)", async () => {
    expectStablecoinError(
      await chain.deliver(mallory, [msg.register(currency(mallory.address, { denom: DENOM, displayDenom: "yml" }))]),
      1101,
    );
    expect(queryCode(() => getApplication(chain, DENOM))).toBe(22);
  });

  it("only governance decides (1100 for anyone else, also for revoke and params)", async () => {
    expectStablecoinError(await chain.deliver(mallory, [msg.approve(EUR, true, mallory.address)]), 1100);
    expectStablecoinError(await chain.deliver(mallory, [msg.revoke(EUR, "because", mallory.address)]), 1100);
    expectStablecoinError(
      await chain.deliver(mallory, [msg.updateParams({ defaultMintCeiling: "1", mintCeilings: [] }, mallory.address)]),
      1100,
    );
    expect(getApplication(chain, EUR).status).toBe("pending");
  });

  it("deciding an unknown denom is 1102", async () => {
    expect(await chain.govExec([msg.approve("uunknown")])).toMatchObject({ codespace: "stablecoin", code: 1102 });
  });

  it("approval makes the creator the issuer and publishes the bank denom metadata", async () => {
    expect((await chain.govExec([msg.approve(EUR)])).log).toBe("");
    expect(getApplication(chain, EUR).status).toBe("approved");
    expect(getIssuer(chain, EUR)).toEqual({ denom: EUR, issuer: issuer.address });
    expect(listIssuers(chain).approvedIssuer).toEqual([{ denom: EUR, issuer: issuer.address }]);
    expect(denomMetadata(chain, EUR)).toEqual({
      description: "Fully reserved euro",
      denomUnits: [
        { denom: EUR, exponent: 0, aliases: [] },
        { denom: "eur", exponent: 6, aliases: [] },
      ],
      base: EUR,
      display: "eur",
      name: "Euro Token",
      symbol: "EURT",
      uri: "",
      uriHash: "",
    });
  });

  it("deciding a decided application is 1103, and an approved denom cannot be registered again (1101)", async () => {
    expect(await chain.govExec([msg.approve(EUR, false)])).toMatchObject({ codespace: "stablecoin", code: 1103 });
    expect(getIssuer(chain, EUR).issuer).toBe(issuer.address);
    expectStablecoinError(await chain.deliver(other, [msg.register(currency(other.address))]), 1101);
  });

  it("a rejection removes the application (NotFound) and frees the denom for a new application", async () => {
    const usd = currency(mallory.address, { denom: "uusd", displayDenom: "usd", symbol: "USDT", name: "Dollar Token" });
    await chain.mustDeliver(mallory, [msg.register(usd)]);
    expect((await chain.govExec([msg.approve("uusd", false)])).code).toBe(0);
    expect(queryCode(() => getApplication(chain, "uusd"))).toBe(22);
    expect(queryCode(() => getIssuer(chain, "uusd"))).toBe(22);
    expect(queryCode(() => denomMetadata(chain, "uusd"))).toBe(22);

    await chain.mustDeliver(other, [msg.register({ ...usd, creator: other.address })]);
    expect(getApplication(chain, "uusd")).toMatchObject({ status: "pending", creator: other.address });
  });

  it.each([
    ["a malformed denom", { denom: "1bad" }],
    ["a display denom equal to the denom", { displayDenom: "ugbp" }],
    ["a malformed display denom", { displayDenom: "e" }],
    ["exponent 0", { exponent: 0n }],
    ["exponent above 18", { exponent: 19n }],
    ["an empty name", { name: "" }],
    ["a name with surrounding spaces", { name: " Euro " }],
    ["a name over 64 characters", { name: "N".repeat(65) }],
    ["a lowercase symbol", { symbol: "eurt" }],
    ["a symbol over 12 characters", { symbol: "E".repeat(13) }],
    ["a description over 512 characters", { description: "d".repeat(513) }],
    ["a control character in the name", { name: "Euro\u0007" }],
  ])("refuses %s (1110)", async (_what, over) => {
    const res = await chain.deliver(mallory, [msg.register(currency(mallory.address, { denom: "ugbp", displayDenom: "gbp", ...over }))]);
    expectStablecoinError(res, 1110);
  });

  it("accepts fields at their limits", async () => {
    const edge = currency(mallory.address, {
      denom: "ugbp",
      displayDenom: "gbp",
      exponent: 18n,
      name: "N".repeat(64),
      symbol: "G".repeat(12),
      description: "d".repeat(512),
    });
    await chain.mustDeliver(mallory, [msg.register(edge)]);
    expect(getApplication(chain, "ugbp")).toMatchObject({ status: "pending", exponent: 18n, symbol: "G".repeat(12) });
  });

  it("answers bad query arguments with InvalidArgument", () => {
    expect(queryCode(() => getApplication(chain, ""))).toBe(18);
    expect(queryCode(() => getIssuer(chain, "%%"))).toBe(18);
  });
});
