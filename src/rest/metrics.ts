import { Counter, Gauge, Histogram, Registry } from "prom-client";

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
  private readonly requestSeconds: Histogram;
  private observedHeight = 0n;

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
    this.requests = new Counter({
      name: "blockchain_rest_requests_total",
      help: "REST requests by route, method and HTTP status.",
      labelNames: ["route", "method", "status"],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: "blockchain_rest_request_duration_seconds",
      help: "REST request latency by route and method.",
      labelNames: ["route", "method"],
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
      registers,
    });
  }

  /** Call after each committed block. */
  observeBlock(height: bigint, ms: number, txs: number): void {
    if (height > this.observedHeight) this.observedHeight = height;
    this.blockSeconds.observe(ms / 1000);
    this.blockTxs.inc(txs);
    this.lastBlockTxs.set(txs);
  }

  observeRequest(route: string, method: string, status: number, seconds: number): void {
    this.requests.inc({ route, method, status: String(status) });
    this.requestSeconds.observe({ route, method }, seconds);
  }

  async text(): Promise<string> {
    return this.extra.length === 0 ? this.registry.metrics() : Registry.merge([this.registry, ...this.extra]).metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
