import { afterAll, describe, expect, it } from "vitest";
import { exportAppState } from "../../../src/app/genesis";
import { DENOM, type TestChain } from "../../helpers/chain";
import {
  EUR,
  denomMetadata,
  expectStablecoinError,
  getApplication,
  getIssuer,
  getParams,
  keys,
  msg,
  queryCode,
  stablecoinChain,
  supplyOf,
} from "./setup";

const { issuer, other, holder } = keys;

const app = (denom: string, status: string, creator: string) => ({
  denom,
  status,
  creator,
  display_denom: denom.slice(1),
  exponent: "6",
  name: `${denom} token`,
  symbol: denom.slice(1).toUpperCase(),
  description: "",
});

describe("stablecoin params", () => {
  const chains: TestChain[] = [];
  afterAll(async () => Promise.all(chains.map((c) => c.close())));

  it("governance replaces the params; they are stored in canonical form", async () => {
    const chain = await stablecoinChain();
    chains.push(chain);
    const res = await chain.govExec([
      msg.updateParams({
        defaultMintCeiling: "007",
        mintCeilings: [
          { denom: "uusd", ceiling: "20" },
          { denom: EUR, ceiling: "10" },
        ],
      }),
    ]);
    expect(res.log).toBe("");
    expect(getParams(chain)).toEqual({
      defaultMintCeiling: "7",
      mintCeilings: [
        { denom: EUR, ceiling: "10" },
        { denom: "uusd", ceiling: "20" },
      ],
    });
  });

  it.each([
    ["a negative default ceiling", { defaultMintCeiling: "-1", mintCeilings: [] }],
    ["a decimal ceiling", { defaultMintCeiling: "1", mintCeilings: [{ denom: EUR, ceiling: "1.5" }] }],
    ["a malformed ceiling denom", { defaultMintCeiling: "1", mintCeilings: [{ denom: "x", ceiling: "1" }] }],
    [
      "a denom given twice",
      {
        defaultMintCeiling: "1",
        mintCeilings: [
          { denom: EUR, ceiling: "1" },
          { denom: EUR, ceiling: "2" },
        ],
      },
    ],
  ])("refuses %s (1112) and keeps the old params", async (_what, params) => {
    const chain = chains[0]!;
    expect(await chain.govExec([msg.updateParams(params)])).toMatchObject({ codespace: "stablecoin", code: 1112 });
    expect(getParams(chain).defaultMintCeiling).toBe("7");
  });

  it("refuses MsgUpdateParams without params (1112)", async () => {
    const res = await chains[0]!.govExec([msg.updateParams(undefined as never)]);
    expectStablecoinError(res, 1112);
  });
});

describe("stablecoin genesis", () => {
  const chains: TestChain[] = [];
  afterAll(async () => Promise.all(chains.map((c) => c.close())));

  it("imports applications and issuers, publishes missing metadata, and exports the same state", async () => {
    const section = {
      params: { default_mint_ceiling: "500", mint_ceilings: [{ denom: "uusd", ceiling: "0" }] },
      issuer_application_map: [
        app(EUR, "approved", issuer.address),
        app("uusd", "pending", other.address),
        app("ugbp", "rejected", holder.address),
      ],
      approved_issuer_map: [{ denom: EUR, issuer: issuer.address }],
    };
    const chain = await stablecoinChain((s) => {
      s.stablecoin = section;
    });
    chains.push(chain);
    expect(getIssuer(chain, EUR).issuer).toBe(issuer.address);
    expect(getApplication(chain, "uusd").status).toBe("pending");
    expect(denomMetadata(chain, EUR)).toMatchObject({ base: EUR, display: "eur" });
    expect(getParams(chain)).toEqual({ defaultMintCeiling: "500", mintCeilings: [{ denom: "uusd", ceiling: "0" }] });

    await chain.mustDeliver(issuer, [msg.mint(issuer.address, "500", holder.address)]);
    expectStablecoinError(await chain.deliver(issuer, [msg.mint(issuer.address, "1", holder.address)]), 1113);

    const exported = exportAppState(chain.app.queryContext(), chain.app.modules.modules).stablecoin as Record<string, unknown>;
    // The rejected application frees its denom: it is not stored, so it is not exported.
    expect(queryCode(() => getApplication(chain, "ugbp"))).toBe(22);
    const stored = section.issuer_application_map.filter((a) => a.status !== "rejected");
    expect(exported).toEqual({ ...section, issuer_application_map: [...stored].sort((a, b) => (a.denom < b.denom ? -1 : 1)) });
  });

  it("a revoked currency in circulation at genesis is refused as a fee (1111)", async () => {
    const chain = await stablecoinChain((s) => {
      s.stablecoin = {
        params: { default_mint_ceiling: "0", mint_ceilings: [] },
        issuer_application_map: [app(EUR, "revoked", issuer.address)],
        approved_issuer_map: [],
      };
      const balance = s.bank.balances.find((b: { address: string }) => b.address === holder.address);
      balance.coins = [{ denom: EUR, amount: "1000" }, ...balance.coins];
    });
    chains.push(chain);
    expect(supplyOf(chain, EUR)).toBe(1000n);
    const res = await chain.deliver(
      holder,
      [
        msg.register({
          creator: holder.address,
          denom: "uusd",
          displayDenom: "usd",
          exponent: 6n,
          name: "Dollar",
          symbol: "USDT",
          description: "",
        }),
      ],
      {
        fee: [
          { denom: EUR, amount: "1" },
          { denom: DENOM, amount: "1" },
        ],
      },
    );
    expectStablecoinError(res, 1111);
  });

  it.each([
    [
      "an issuer without an approved application",
      /no matching approved application/,
      { issuer_application_map: [app(EUR, "pending", issuer.address)], approved_issuer_map: [{ denom: EUR, issuer: issuer.address }] },
    ],
    [
      "an approved application without its issuer",
      /has no approved issuer/,
      { issuer_application_map: [app(EUR, "approved", issuer.address)], approved_issuer_map: [] },
    ],
    [
      "an issuer who is not the creator",
      /no matching approved application/,
      { issuer_application_map: [app(EUR, "approved", issuer.address)], approved_issuer_map: [{ denom: EUR, issuer: other.address }] },
    ],
    ["an unknown status", /unknown status/, { issuer_application_map: [app(EUR, "maybe", issuer.address)], approved_issuer_map: [] }],
    [
      "a duplicate application",
      /duplicate issuer application/,
      { issuer_application_map: [app(EUR, "pending", issuer.address), app(EUR, "pending", other.address)], approved_issuer_map: [] },
    ],
    [
      "an invalid currency",
      /exponent 0/,
      { issuer_application_map: [{ ...app(EUR, "pending", issuer.address), exponent: "0" }], approved_issuer_map: [] },
    ],
    [
      "invalid params",
      /default_mint_ceiling/,
      { params: { default_mint_ceiling: "-1", mint_ceilings: [] }, issuer_application_map: [], approved_issuer_map: [] },
    ],
  ])("refuses a genesis with %s", async (_what, reason, section) => {
    await expect(
      stablecoinChain((s) => {
        s.stablecoin = { params: { default_mint_ceiling: "1", mint_ceilings: [] }, ...section };
      }),
    ).rejects.toThrow(reason);
  });
});
