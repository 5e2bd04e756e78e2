/**
 * A chain of funded accounts that pay each other in a ring (account i sends 1 uyml to
 * account i + 1): the load of the start-up warm-up and of the in-process benchmarks.
 */
import { MsgSend } from "cosmjs-types/cosmos/bank/v1beta1/tx";
import type { ModuleSet } from "../app/module-set";
import { buildDevGenesis } from "../abci/dev/genesis";
import type { GenesisDoc } from "../abci/genesis-doc";
import type { Secp256k1Key } from "../client/signer";
import { signTx } from "../client/tx-builder";

const RING_DENOM = "uyml";

/** Genesis funding every key (account numbers follow the keys' order), one dev validator. */
export function transferRingGenesis(modules: ModuleSet, keys: Secp256k1Key[], chainId: string, balance = "1000000000"): GenesisDoc {
  const doc = buildDevGenesis(modules, {
    chainId,
    genesisTime: "2026-01-01T00:00:00Z",
    accounts: keys.map((k) => ({ address: k.address, coins: [{ denom: RING_DENOM, amount: balance }] })),
    validatorSeed: new Uint8Array(32).fill(1),
  });
  // A ring round is one block of up to 5,000 MsgSends at 100k gas each, more than the default
  // block gas; its drivers propose whole rounds, with no CometBFT reaping by gas before them.
  (doc.consensus_params as { block: { max_gas: string } }).block.max_gas = "-1";
  return doc;
}

/** One signed MsgSend per key, each with the given sequence: a round of the ring. */
export function signTransferRing(keys: Secp256k1Key[], sequence: bigint, chainId: string): Uint8Array[] {
  return keys.map((key, i) =>
    signTx(
      [
        {
          typeUrl: "/cosmos.bank.v1beta1.MsgSend",
          value: MsgSend.encode({
            fromAddress: key.address,
            toAddress: keys[(i + 1) % keys.length].address,
            amount: [{ denom: RING_DENOM, amount: "1" }],
          }).finish(),
        },
      ],
      [{ key, accountNumber: BigInt(i), sequence }],
      { chainId, fee: [{ denom: RING_DENOM, amount: "200" }], gasLimit: 100_000n },
    ),
  );
}
