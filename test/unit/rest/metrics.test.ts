import { describe, expect, it } from "vitest";
import { Counter, Histogram, Registry } from "prom-client";
import { RestMetrics } from "../../../src/rest/metrics";

/** The request metrics' lines of an exposition. */
const requestLines = (text: string) => text.split("\n").filter((l) => /blockchain_rest_request/.test(l));

describe("REST request metrics", () => {
  it("expose exactly what prom-client's own counter and histogram give for the same requests", async () => {
    const observations: Array<[string, string, number, number]> = [
      ["/cosmos/bank/v1beta1/balances/{address}", "GET", 200, 0.0001],
      ["/cosmos/bank/v1beta1/balances/{address}", "GET", 200, 0.0007],
      ["/cosmos/bank/v1beta1/balances/{address}", "GET", 400, 0.003],
      ["unmatched", "GET", 404, 0.0005],
      ["/cosmos/tx/v1beta1/txs", "POST", 200, 2.5],
      ["/cosmos/bank/v1beta1/balances/{address}", "HEAD", 200, 0.02],
      ["/cosmos/bank/v1beta1/balances/{address}", "GET", 200, 0.01],
    ];
    const registers = [new Registry()];
    const counter = new Counter({
      name: "blockchain_rest_requests_total",
      help: "REST requests by route, method and HTTP status.",
      labelNames: ["route", "method", "status"],
      registers,
    });
    const histogram = new Histogram({
      name: "blockchain_rest_request_duration_seconds",
      help: "REST request latency by route and method.",
      labelNames: ["route", "method"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
    const metrics = new RestMetrics();
    // Scraped between observations too: what was handed over once is not handed over again.
    for (const [i, [route, method, status, seconds]] of observations.entries()) {
      counter.inc({ route, method, status: String(status) });
      histogram.observe({ route, method }, seconds);
      metrics.observeRequest(route, method, status, seconds);
      if (i === 2) expect(requestLines(await metrics.text())).toEqual(requestLines(await registers[0].metrics()));
    }
    const expected = requestLines(await registers[0].metrics());
    expect(expected.length).toBeGreaterThan(40);
    expect(requestLines(await metrics.text())).toEqual(expected);
    expect(requestLines(await metrics.text())).toEqual(expected);
  });
});
