import { join } from "node:path";
import { Command, InvalidArgumentError, Option } from "commander";
import { cometRpcChain, DEFAULT_MAX_ENVELOPE_BYTES, startPayloadStore, type RunningPayloadStore } from "../../payload-store/index";
import { DEFAULT_HOME } from "../home";
import { createLogger, LOG_LEVELS } from "../logger";
import { onShutdown } from "../shutdown";

export const DEFAULT_PAYLOAD_STORE_LISTEN = "127.0.0.1:8787";
export const DEFAULT_PAYLOAD_STORE_NODE = "http://127.0.0.1:26657";

export interface PayloadStoreStartOptions {
  /** LevelDB directory of the envelopes. */
  dir: string;
  host: string;
  port: number;
  /** CometBFT RPC URL the store reads payment records and account keys from. */
  node: string;
  maxEnvelopeBytes: number;
}

/** `host:port`, `[v6]:port` or `:port` (all interfaces is never implied: an empty host means 127.0.0.1). */
export function parseListen(value: string): { host: string; port: number } {
  const m = /^(?:\[([^\]]+)\]|([^:]*)):([0-9]{1,5})$/.exec(value);
  const port = m ? Number(m[3]) : NaN;
  if (!m || port > 65535) throw new InvalidArgumentError("expected host:port, e.g. 127.0.0.1:8787");
  return { host: m[1] ?? (m[2] || "127.0.0.1"), port };
}

function positiveInt(value: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(value)) throw new InvalidArgumentError("expected a positive integer");
  return Number(value);
}

function rpcUrl(value: string): string {
  // CometBFT configs write tcp://; the store speaks HTTP to the same address.
  const url = value.replace(/^tcp:\/\//, "http://");
  if (!/^https?:\/\/[^/]/.test(url)) throw new InvalidArgumentError("expected an http(s):// or tcp:// CometBFT RPC URL");
  return url;
}

export async function startPayloadStoreService(o: PayloadStoreStartOptions): Promise<RunningPayloadStore> {
  return startPayloadStore({ dir: o.dir, host: o.host, port: o.port, chain: cometRpcChain(o.node), maxEnvelopeBytes: o.maxEnvelopeBytes });
}

/** `payload-store start`: the participant's envelope service (docs/modules/paymsg.md), until SIGINT/SIGTERM. */
export function payloadStoreCommand(): Command {
  const cmd = new Command("payload-store").description("the encrypted payment-metadata store an instructing participant runs (paymsg)");
  cmd
    .command("start")
    .description("serve PayloadEnvelopes over HTTP, accepting uploads only for on-chain payments signed by their participant")
    .addOption(new Option("--home <dir>", "node home directory (the store lives in <home>/payload-store)").env("BLOCKCHAIND_HOME"))
    .option("--dir <dir>", "envelope database directory (default: <home>/payload-store)")
    .addOption(
      new Option("--listen <host:port>", "HTTP listen address; port 0 picks a free one")
        .default(parseListen(DEFAULT_PAYLOAD_STORE_LISTEN), DEFAULT_PAYLOAD_STORE_LISTEN)
        .argParser(parseListen),
    )
    .addOption(
      new Option("--node <url>", "CometBFT RPC of a node of the chain")
        .env("BLOCKCHAIND_NODE")
        .default(DEFAULT_PAYLOAD_STORE_NODE)
        .argParser(rpcUrl),
    )
    .option("--max-envelope-bytes <n>", "largest accepted envelope", positiveInt, DEFAULT_MAX_ENVELOPE_BYTES)
    .addOption(new Option("--log-level <level>", "log level").choices(LOG_LEVELS).default("info"))
    .action(async (o) => {
      const logger = createLogger(o.logLevel);
      const dir: string = o.dir ?? join(o.home ?? DEFAULT_HOME, "payload-store");
      const store = await startPayloadStoreService({
        dir,
        host: o.listen.host,
        port: o.listen.port,
        node: o.node,
        maxEnvelopeBytes: o.maxEnvelopeBytes,
      });
      onShutdown(logger, () => store.close());
      logger.info({ url: store.url, dir, node: o.node, max_envelope_bytes: o.maxEnvelopeBytes }, "payload store listening");
    });
  return cmd;
}
