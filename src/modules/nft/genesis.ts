import { GenesisState } from "cosmjs-types/cosmos/nft/v1beta1/genesis";
import type { NFT } from "cosmjs-types/cosmos/nft/v1beta1/nft";
import { accAddress } from "../../types/address";
import type { GenesisDef } from "../../types/module";
import { nftErrors } from "./errors";
import { checkId, type NftKeeper } from "./keeper";

/** x/nft genesis: classes, then NFTs grouped by owner (owners in store order on export). */
export function nftGenesis(k: NftKeeper): GenesisDef<GenesisState> {
  return {
    typeName: "cosmos.nft.v1beta1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => ({ classes: [], entries: [] }),
    validate: (g) => {
      const classes = new Set<string>();
      for (const c of g.classes) {
        if (c.id === "") throw nftErrors.ErrEmptyClassID.wrap("genesis class with empty id");
        checkId(c.id, "genesis class id");
        if (classes.has(c.id)) throw nftErrors.ErrClassExists.wrap(`genesis class ${c.id} given twice`);
        classes.add(c.id);
      }
      const tokens = new Set<string>();
      for (const e of g.entries) {
        accAddress.validate(e.owner);
        for (const n of e.nfts) {
          if (n.id === "") throw nftErrors.ErrEmptyNFTID.wrap("genesis nft with empty id");
          checkId(n.id, "genesis nft id");
          if (!classes.has(n.classId)) throw nftErrors.ErrClassNotExists.wrap(`genesis nft ${n.id} of unknown class ${n.classId}`);
          const key = JSON.stringify([n.classId, n.id]);
          if (tokens.has(key)) throw nftErrors.ErrNFTExists.wrap(`genesis nft ${n.classId}/${n.id} given twice`);
          tokens.add(key);
        }
      }
    },
    init: (ctx, g) => {
      for (const c of g.classes) k.saveClass(ctx, c);
      for (const e of g.entries) for (const n of e.nfts) k.put(ctx, n, e.owner);
    },
    export: (ctx) => {
      const entries: { owner: string; nfts: NFT[] }[] = [];
      for (const [owner, [cls, id]] of k.owners.indexes.byOwner.entries(ctx)) {
        const last = entries[entries.length - 1];
        const token = k.getNft(ctx, cls, id)!;
        if (last && last.owner === owner) last.nfts.push(token);
        else entries.push({ owner, nfts: [token] });
      }
      return { classes: [...k.classes.iterate(ctx)].map(([, v]) => v), entries };
    },
  };
}
