import { GenesisState } from "cosmjs-types/cosmos/genutil/v1beta1/genesis";
import { sdkErrors } from "../../types/errors";
import type { GenesisDef } from "../../types/module";
import { decodeGentx, gentxName } from "./gentx";
import type { AccountKeeper, BankKeeper } from "./expected-keepers";

/**
 * Genesis transactions. Validation is the SDK's: every gentx decodes and holds exactly one
 * MsgCreateValidator. InitGenesis, run after the accounts and balances are in place, checks
 * what the SDK's collect-gentxs checks (the signer has a genesis account that covers the
 * self-bond) so a bad gentx is named plainly; the app then delivers them through the tx
 * pipeline (App.initChain), and genesis exports none, as the bonded validators are in staking.
 */
export function genutilGenesis(accounts: AccountKeeper, bank: BankKeeper): GenesisDef<GenesisState> {
  return {
    // The JSON view (each gentx an inline Tx object); the binary form is cosmos.genutil.v1beta1's.
    typeName: "blockchain.genutil.v1.GenesisState",
    codec: GenesisState,
    defaultGenesis: () => GenesisState.fromPartial({ genTxs: [] }),
    validate: (g) => {
      g.genTxs.forEach((tx, i) => decodeGentx(tx, i));
    },
    init: (ctx, g) => {
      g.genTxs.forEach((tx, i) => {
        const gentx = decodeGentx(tx, i);
        const name = gentxName(gentx, i);
        if (!accounts.hasAccount(ctx, gentx.signer)) {
          throw sdkErrors.ErrUnknownAddress.wrap(`${name}: account ${gentx.signer} not in genesis state`);
        }
        const bond = gentx.msg.value;
        if (!bond || !/^[0-9]+$/.test(bond.amount)) throw sdkErrors.ErrInvalidCoins.wrap(`${name}: invalid self-bond`);
        const have = bank.getBalance(ctx, gentx.signer, bond.denom);
        if (have < BigInt(bond.amount)) {
          throw sdkErrors.ErrInsufficientFunds.wrap(
            `${name}: account ${gentx.signer} has a balance in genesis of ${have}${bond.denom}, less than the self-bond ${bond.amount}${bond.denom}`,
          );
        }
      });
    },
    export: () => GenesisState.fromPartial({ genTxs: [] }),
  };
}
