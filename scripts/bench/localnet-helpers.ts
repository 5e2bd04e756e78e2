/**
 * What the benchmarks that run real localnets share: free loopback ports, asked of the OS
 * rather than hard-coded, so a benchmark never collides with another localnet or service on
 * this (shared) machine; and an account's number and sequence, to sign for it.
 */
import net from "node:net";
import type { BaseAccount } from "cosmjs-types/cosmos/auth/v1beta1/auth";
import { QueryAccountRequest, QueryAccountResponse } from "cosmjs-types/cosmos/auth/v1beta1/query";
import { rpc } from "../../src/cli/localnet";
import { baseOf } from "../../src/modules/auth/keeper";

function listen(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once("error", () => resolve(undefined));
    server.listen(port, "127.0.0.1", () => resolve(server));
  });
}

const close = (s: net.Server) => new Promise<void>((resolve) => s.close(() => resolve()));

/** The first of `size` consecutive ports that are all free now; the OS picks where. */
export async function freePortBlock(size: number): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const probe = await listen(0);
    if (!probe) continue;
    const first = (probe.address() as net.AddressInfo).port;
    await close(probe);
    if (first + size > 65_536) continue;
    const held: net.Server[] = [];
    for (let p = first; p < first + size; p++) {
      const s = await listen(p);
      if (!s) break;
      held.push(s);
    }
    await Promise.all(held.map(close));
    if (held.length === size) return first;
  }
  throw new Error(`no ${size} consecutive free ports on 127.0.0.1`);
}

/**
 * A free base port for a single-validator localnet (src/cli/localnet nodePorts): its P2P
 * port sits one below the base, the ABCI, Prometheus and REST ports up to four above.
 */
export async function freeLocalnetBasePort(): Promise<number> {
  return (await freePortBlock(6)) + 1;
}

/** The base account of `address` (number, sequence), by the auth Account query over CometBFT's abci_query. */
export async function baseAccount(rpcUrl: string, address: string): Promise<BaseAccount> {
  const data = Buffer.from(QueryAccountRequest.encode({ address }).finish()).toString("hex");
  const r = await rpc<{ response: { value: string } }>(rpcUrl, "abci_query", {
    path: '"/cosmos.auth.v1beta1.Query/Account"',
    data: `0x${data}`,
  });
  return baseOf(QueryAccountResponse.decode(Buffer.from(r.response.value, "base64")).account!);
}

/** The account number of `address`. */
export async function accountNumber(rpcUrl: string, address: string): Promise<bigint> {
  return (await baseAccount(rpcUrl, address)).accountNumber;
}
