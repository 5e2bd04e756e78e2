import * as tx from "cosmjs-types/cosmos/nft/v1beta1/tx";
import { otherAccount, simMsg, type ModuleSimulation, type SimState } from "../../types/simulation";
import type { NftKeeper } from "./keeper";

const SEND = "/cosmos.nft.v1beta1.MsgSend";

/** NFTs of a simulated account (the by-owner index under one owner: bounded by what it holds). */
export function nftsOf(k: NftKeeper, s: SimState, owner: string): Array<{ classId: string; id: string }> {
  return [...k.owners.indexes.byOwner.iterate(s.ctx, owner)].map(([classId, id]) => ({ classId, id }));
}

/** A random NFT held by a random simulated account, with its owner. */
function someNft(k: NftKeeper, s: SimState): { owner: string; classId: string; id: string } | undefined {
  const owner = s.rng.pick(s.accounts);
  const held = nftsOf(k, s, owner);
  return held.length === 0 ? undefined : { owner, ...s.rng.pick(held) };
}

export function nftSend(sender: string, receiver: string, classId: string, id: string) {
  return simMsg(SEND, tx.MsgSend, { classId, id, sender, receiver });
}

/**
 * x/nft operations (MsgSend of an owned NFT to another account; invalid: a send by someone
 * who is not the owner, of an NFT that does not exist, or signed by another account) over
 * the NFTs the simulation's genesis mints (src/sim/genesis.ts), and the SDK's bookkeeping as
 * invariants: every NFT has one owner and one by-owner entry and its class exists, the
 * by-owner index holds nothing else, class supplies and (owner, class) balances equal the
 * counts of NFTs, and no counter is zero or negative.
 */
export function nftSimulation(k: NftKeeper): ModuleSimulation {
  return {
    operations: [
      {
        name: "nft/send",
        weight: 6,
        build: (s) => {
          const n = someNft(k, s);
          if (!n) return undefined;
          return { signer: n.owner, msgs: [nftSend(n.owner, otherAccount(s, n.owner), n.classId, n.id)], expect: "ok" };
        },
      },
      {
        name: "nft/send-not-owner",
        weight: 1,
        build: (s) => {
          const n = someNft(k, s);
          if (!n) return undefined;
          // The owner is involved: its own tx in the block could hand the NFT to the stranger.
          const stranger = otherAccount(s, n.owner);
          return { signer: stranger, involves: [n.owner], msgs: [nftSend(stranger, n.owner, n.classId, n.id)], expect: "fail" };
        },
      },
      {
        name: "nft/send-missing-nft",
        weight: 1,
        build: (s) => {
          const n = someNft(k, s);
          if (!n) return undefined;
          return { signer: n.owner, msgs: [nftSend(n.owner, otherAccount(s, n.owner), n.classId, `${n.id}-missing`)], expect: "fail" };
        },
      },
      {
        name: "nft/send-wrong-signer",
        weight: 1,
        build: (s) => {
          const n = someNft(k, s);
          if (!n) return undefined;
          return {
            signer: n.owner,
            signWith: otherAccount(s, n.owner),
            msgs: [nftSend(n.owner, otherAccount(s, n.owner), n.classId, n.id)],
            expect: "fail",
          };
        },
      },
    ],
    invariants: [
      {
        name: "nft/owners-and-index",
        check: (ctx) => {
          let nfts = 0;
          const supply = new Map<string, bigint>();
          const balances = new Map<string, bigint>();
          for (const [[classId, id], token] of k.nfts.iterate(ctx)) {
            nfts++;
            if (token.classId !== classId || token.id !== id) return `nft stored under ${classId}/${id} is ${token.classId}/${token.id}`;
            if (!k.classes.has(ctx, classId)) return `nft ${classId}/${id} of a missing class`;
            const owner = k.owners.get(ctx, [classId, id]);
            if (owner === undefined) return `nft ${classId}/${id} has no owner`;
            if (!k.owners.indexes.byOwner.has(ctx, owner, [classId, id]))
              return `nft ${classId}/${id} of ${owner} missing from the by-owner index`;
            supply.set(classId, (supply.get(classId) ?? 0n) + 1n);
            const key = `${owner}/${classId}`;
            balances.set(key, (balances.get(key) ?? 0n) + 1n);
          }
          let owners = 0;
          for (const _ of k.owners.iterate(ctx)) owners++;
          let indexed = 0;
          for (const _ of k.owners.indexes.byOwner.entries(ctx)) indexed++;
          if (owners !== nfts || indexed !== nfts) return `${nfts} nfts, ${owners} owner records, ${indexed} by-owner entries`;
          for (const [classId, n] of k.supply.iterate(ctx)) {
            if (n <= 0n) return `class ${classId} supply is ${n}`;
            if (n !== (supply.get(classId) ?? 0n)) return `class ${classId}: supply ${n}, ${supply.get(classId) ?? 0n} nfts`;
            supply.delete(classId);
          }
          for (const [classId, n] of supply) return `class ${classId} has ${n} nfts and no supply record`;
          for (const [[owner, classId], n] of k.balances.iterate(ctx)) {
            if (n <= 0n) return `${owner} balance of ${classId} is ${n}`;
            const key = `${owner}/${classId}`;
            if (n !== (balances.get(key) ?? 0n)) return `${owner} balance of ${classId}: ${n}, owns ${balances.get(key) ?? 0n}`;
            balances.delete(key);
          }
          for (const [key, n] of balances) return `${key} owns ${n} nfts and has no balance record`;
          return undefined;
        },
      },
    ],
  };
}
