import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QueryValidatorsRequest, QueryValidatorsResponse } from "cosmjs-types/cosmos/staking/v1beta1/query";
import { PubKey } from "cosmjs-types/cosmos/crypto/ed25519/keys";
import { createHash } from "node:crypto";
import { DENOM, testKey } from "../../helpers/chain";
import { collectQueryRoutes } from "../../../src/rest/query-routes";
import { pathParamNames, type QueryRoute } from "../../../src/rest/routes";
import { bech32Prefix, toBech32 } from "../../../src/types/address";
import { silentLogger } from "../../../src/types/logger";
import { restHarness, type RestHarness } from "./setup";
import { shapeProblems } from "./shape";

/**
 * Walks every REST route every module registers (the module query table, so a new query is
 * covered without editing this test): valid requests answer the response descriptor's shape,
 * malformed ones a 4xx gRPC status — never a 5xx, never a hang.
 */
/** Protobuf integer scalar types (int32/64, uint32/64, sint, fixed, sfixed). */
const INTEGER_SCALARS = new Set([3, 4, 5, 6, 7, 13, 15, 16, 17, 18]);

describe("every registered REST route", () => {
  let h: RestHarness;
  let routes: QueryRoute[];
  const values: Record<string, string> = {};

  beforeAll(async () => {
    h = await restHarness({
      funded: {
        alice: [
          { denom: DENOM, amount: "1000000000" },
          { denom: "uother", amount: "5" },
        ],
      },
    });
    routes = collectQueryRoutes(h.chain.app, silentLogger);
    const vals = h.chain.query(
      "/cosmos.staking.v1beta1.Query/Validators",
      QueryValidatorsRequest,
      QueryValidatorsRequest.fromPartial({}),
      QueryValidatorsResponse,
    ).validators;
    const validator = vals[0];
    const consKey = PubKey.decode(validator.consensusPubkey!.value).key;
    const alice = testKey("alice").address;
    Object.assign(values, {
      address: alice,
      admin: alice,
      voter: alice,
      depositor: alice,
      granter: alice,
      grantee: alice,
      creator: alice,
      participant: alice,
      customer: alice,
      address_string: alice,
      instructing_participant: alice,
      holder: alice,
      delegator_addr: testKey("validator").address,
      validator_addr: validator.operatorAddress,
      delegator_address: testKey("validator").address,
      validator_address: validator.operatorAddress,
      cons_address: toBech32(bech32Prefix.consensus, createHash("sha256").update(consKey).digest().subarray(0, 20)),
      denom: DENOM,
      name: "fee_collector",
      params_type: "voting",
      proposal_id: "1",
      group_id: "1",
      msg_type_url: "/cosmos.bank.v1beta1.MsgSend",
      end_to_end_id: "E2E-1",
      // alias: a country, a role scope and a well-formed identifier (DE + payload 2 + check H);
      // validatorgov: the dev validator is admitted in genesis.
      country: "DE",
      jurisdiction: "DE",
      id: "DE2H",
      beneficiary: alice,
      owner: alice,
      class_id: "class1",
      nft_id: "nft1",
      validator: validator.operatorAddress,
      cadastral_ref: "KE/NAIROBI/1",
      geometry_hash: "ab".repeat(32),
      candidate: testKey("validator").address,
      current_operator: alice,
      // ibc: the sentinel connection and client exist from genesis; other ids are well formed.
      client_id: "09-localhost",
      connection_id: "connection-localhost",
      channel_id: "channel-0",
      port_id: "transfer",
      counterparty_client_id: "07-tendermint-0",
      trace: "transfer/channel-0/uatom",
      hash: "ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2",
    });
  });
  afterAll(async () => h.close());

  function url(route: QueryRoute, override: Record<string, string> = {}): string {
    let path = route.template;
    // Integer fields (record ids, heights) are "1", and ids not named in `values` too: the route
    // parses them and answers NotFound.
    const integer = (name: string) =>
      route.request.fields.some((f) => f.name === name && f.fieldKind === "scalar" && INTEGER_SCALARS.has(f.scalar));
    const valueOf = (name: string) => override[name] ?? (integer(name) ? "1" : (values[name] ?? (name.endsWith("_id") ? "1" : "x")));
    for (const name of pathParamNames(route.template)) {
      // A last {name=**} takes several segments (a denom trace): its slashes stay.
      path = path.replace(`{${name}}`, encodeURIComponent(valueOf(name))).replace(`{${name}=**}`, valueOf(name));
    }
    const query = new URLSearchParams();
    for (const f of route.request.fields) {
      if (pathParamNames(route.template).includes(f.name) || f.fieldKind !== "scalar" || f.scalar !== 9) continue;
      if (values[f.name]) query.set(f.name, values[f.name]);
    }
    const qs = query.toString();
    return qs ? `${path}?${qs}` : path;
  }

  it("serves every query route with the response descriptor's shape", async () => {
    expect(routes.length).toBeGreaterThan(80);
    const problems: string[] = [];
    let ok = 0;
    let understood = 0;
    for (const route of routes) {
      const res = await h.get(url(route));
      expect(res.headers["x-cosmos-block-height"], route.template).toBe(h.chain.height.toString());
      if (res.status !== 400) understood++;
      if (res.status === 200) {
        ok++;
        problems.push(...shapeProblems(route.response, res.body).map((p) => `${route.template}: ${p}`));
      } else {
        expect([400, 404], `${route.template} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        expect(res.body).toMatchObject({ code: expect.any(Number), message: expect.any(String), details: [] });
      }
    }
    expect(problems).toEqual([]);
    // Routes that need an object the fresh chain has no instance of (proposal 1, group 1) answer
    // 404; the walk's own values are valid requests for nearly every route (not 400).
    expect(ok).toBeGreaterThan(60);
    expect(understood / routes.length).toBeGreaterThan(0.9);
  });

  it("answers malformed input on every route with a 4xx gRPC status, never a 5xx", async () => {
    const bad = [
      "not-an-address",
      "../../../etc/passwd",
      "..%2F..%2Fparams",
      "18446744073709551616",
      "-1",
      "\u0000",
      "%",
      "x".repeat(2000),
      "yml1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqq",
    ];
    const badQueries = [
      "pagination.key=!!!notbase64",
      "pagination.limit=-1",
      "pagination.limit=18446744073709551616",
      "pagination.offset=abc",
      "pagination.count_total=maybe",
      "pagination.reverse=2x",
      "status=NOT_A_STATUS",
      "proposal_status=99999999999",
    ];
    const failures: string[] = [];
    for (const route of routes) {
      const params = pathParamNames(route.template);
      const urls: string[] = [];
      for (const name of params)
        for (const b of bad)
          urls.push(
            url(route, { [name]: b }).replace(encodeURIComponent(b), b.startsWith("..%2F") || b === "%" ? b : encodeURIComponent(b)),
          );
      for (const q of badQueries) urls.push(`${url(route)}${url(route).includes("?") ? "&" : "?"}${q}`);
      for (const u of urls) {
        const res = await h.get(u);
        if (res.status >= 500) failures.push(`${u.slice(0, 150)} → ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
        else if (
          res.status !== 200 &&
          !(typeof res.body === "object" && typeof res.body.code === "number" && Array.isArray(res.body.details))
        )
          failures.push(`${u.slice(0, 150)} → ${res.status} without a status body`);
      }
    }
    expect(failures).toEqual([]);
  });
});
