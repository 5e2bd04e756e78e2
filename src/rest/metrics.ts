import { Counter, Gauge, Histogram, Registry, type Metric } from "prom-client";

const REQUEST_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];

/** A request counter's label set and its count (`reported`: what prom-client has been given). */
export interface RequestSeries {
  readonly labels: { route: string; method: string; status: string };
  count: number;
  reported: number;
  readonly duration: DurationSeries;
}

/** A duration histogram's label set: observations per bucket (not cumulative), sum and count. */
interface DurationSeries {
  readonly labels: { route: string; method: string };
  readonly buckets: number[];
  sum: number;
  count: number;
}

/**
 * The request-duration histogram as a registry reads any metric (`get()`: its values, cumulative
 * buckets then sum and count per series, as prom-client's Histogram gives them): a Histogram
 * would make each request pay its per-call label hashing, this one is counted in `observe`.
 */
function requestDurations(series: ReadonlyMap<string, DurationSeries>): Metric {
  const name = "blockchain_rest_request_duration_seconds";
  const metric = {
    name,
    help: "REST request latency by route and method.",
    type: "histogram",
    aggregator: "sum",
    async get() {
      const values: { metricName: string; labels: Record<string, string | number>; value: number }[] = [];
      for (const s of series.values()) {
        let cumulative = 0;
        REQUEST_BUCKETS.forEach((le, i) => {
          cumulative += s.buckets[i];
          values.push({ metricName: `${name}_bucket`, labels: { le, ...s.labels }, value: cumulative });
        });
        values.push({ metricName: `${name}_bucket`, labels: { le: "+Inf", ...s.labels }, value: s.count });
        values.push({ metricName: `${name}_sum`, labels: s.labels, value: s.sum });
        values.push({ metricName: `${name}_count`, labels: s.labels, value: s.count });
      }
      return { name, help: metric.help, type: metric.type, aggregator: metric.aggregator, values };
    },
  };
  // prom-client types a metric's `type` as an enum; at run time, and in what the registry
  // prints, it is this string.
  return metric as unknown as Metric;
}

/**
 * The node's Prometheus metrics, on a registry of its own (several nodes in one test process
 * must not share counters). `observeBlock` is the hook the start command calls after each
 * committed block; height and mempool size are read when scraped.
 */
export class RestMetrics {
  readonly registry = new Registry();
  private readonly blockSeconds: Histogram;
  private readonly blockTxs: Counter;
  private readonly lastBlockTxs: Gauge;
  private readonly requests: Counter;
  private observedHeight = 0n;
  /** Request counts and durations, by label set in first-seen order (handed to prom-client when scraped). */
  private readonly requestSeries = new Map<string, RequestSeries>();
  private readonly durationSeries = new Map<string, DurationSeries>();

  /** Registries served beside this one (the state machine's own, App.metrics). */
  private readonly extra: readonly Registry[];

  constructor(sources: { height?: () => bigint; mempoolSize?: () => Promise<number>; registries?: readonly Registry[] } = {}) {
    this.extra = sources.registries ?? [];
    const registers = [this.registry];
    const observed = () => this.observedHeight;
    new Gauge({
      name: "blockchain_block_height",
      help: "Height of the last committed block.",
      registers,
      collect() {
        const h = sources.height?.() ?? observed();
        this.set(Number(h > observed() ? h : observed()));
      },
    });
    new Gauge({
      name: "blockchain_mempool_size",
      help: "Transactions waiting in the mempool.",
      registers,
      async collect() {
        if (sources.mempoolSize) this.set(await sources.mempoolSize().catch(() => 0));
      },
    });
    this.blockSeconds = new Histogram({
      name: "blockchain_block_execution_seconds",
      help: "Time to execute and commit one block (FinalizeBlock to Commit).",
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    });
    this.blockTxs = new Counter({ name: "blockchain_txs_total", help: "Transactions included in committed blocks.", registers });
    this.lastBlockTxs = new Gauge({ name: "blockchain_block_txs", help: "Transactions in the last committed block.", registers });
    const requestSeries = this.requestSeries;
    this.requests = new Counter({
      name: "blockchain_rest_requests_total",
      help: "REST requests by route, method and HTTP status.",
      labelNames: ["route", "method", "status"],
      registers,
      collect() {
        for (const s of requestSeries.values()) {
          if (s.count > s.reported) this.inc(s.labels, s.count - s.reported);
          s.reported = s.count;
        }
      },
    });
    this.registry.registerMetric(requestDurations(this.durationSeries));
  }

  /** Call after each committed block. */
  observeBlock(height: bigint, ms: number, txs: number): void {
    if (height > this.observedHeight) this.observedHeight = height;
    this.blockSeconds.observe(ms / 1000);
    this.blockTxs.inc(txs);
    this.lastBlockTxs.set(txs);
  }

  /**
   * The series a request with these labels counts in; a caller answering many requests alike
   * keeps it and calls observe(series, seconds). Routes are templates (unmatched paths share
   * one name), so the label sets are few.
   */
  series(route: string, method: string, status: number): RequestSeries {
    const key = `${status} ${method} ${route}`;
    let series = this.requestSeries.get(key);
    if (!series) {
      const durationKey = `${method} ${route}`;
      let duration = this.durationSeries.get(durationKey);
      if (!duration) {
        duration = { labels: { route, method }, buckets: new Array<number>(REQUEST_BUCKETS.length).fill(0), sum: 0, count: 0 };
        this.durationSeries.set(durationKey, duration);
      }
      series = { labels: { route, method, status: String(status) }, count: 0, reported: 0, duration };
      this.requestSeries.set(key, series);
    }
    return series;
  }

  /** Counted here, not in prom-client: its per-call label hashing cost more than a cached answer. */
  observe(series: RequestSeries, seconds: number): void {
    series.count++;
    const d = series.duration;
    d.count++;
    d.sum += seconds;
    // As prom-client: the first bucket whose bound is >= the value; above every bound, +Inf only.
    for (let i = 0; i < REQUEST_BUCKETS.length; i++) {
      if (seconds <= REQUEST_BUCKETS[i]) {
        d.buckets[i]++;
        break;
      }
    }
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.observe(this.series(route, method, status), seconds);
  }

  async text(): Promise<string> {
    return this.extra.length === 0 ? this.registry.metrics() : Registry.merge([this.registry, ...this.extra]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
