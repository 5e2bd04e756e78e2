import { moduleAddress } from "../types/address";
import type { Module } from "../types/module";
import { createAuthModule } from "../modules/auth";
import { createBankModule } from "../modules/bank";
import { createGroupModule } from "../modules/group";
import { createStakingModule } from "../modules/staking";
import { createSlashingModule } from "../modules/slashing";
import { createGovModule } from "../modules/gov";
import { createAuthzModule } from "../modules/authz";
import { createFeegrantModule } from "../modules/feegrant";
import { createBuilderfeeModule } from "../modules/builderfee";
import { createStablecoinModule } from "../modules/stablecoin";
import { createTreasuryModule } from "../modules/treasury";
import { createPaymsgModule } from "../modules/paymsg";
import { createConstitutionModule } from "../modules/constitution";
import { createLandModule } from "../modules/land";
import { createEnforcementModule } from "../modules/enforcement";
import { enforcementStaking } from "./enforcement-wiring";
import { createAliasModule } from "../modules/alias";
import { createGenutilModule, genesisTxs, GENUTIL } from "../modules/genutil";
import { resolveModuleOrders } from "./module-order";
import type { ModuleSet } from "./module-set";

/**
 * The one place that lists the modules, wires each keeper to the narrow keepers it needs,
 * and fixes the begin-block, end-block and init-genesis orders. Everything else a module
 * brings (router binding, hooks into other keepers, ante checks, module accounts) travels
 * on its Module definition, so adding it to the list is its registration; a list that
 * forgets or misnames a module fails at start (resolveModuleOrders).
 */
export interface BuildOptions {
  /** Extra modules appended after the chain's own (tests use this for harness modules); they join every order last. */
  extraModules?: Module[];
}

export function buildModules(opts: BuildOptions = {}): ModuleSet {
  const auth = createAuthModule();
  const bank = createBankModule({ auth: auth.keeper });
  const group = createGroupModule({ auth: auth.keeper });
  const staking = createStakingModule({ bank: bank.keeper, auth: auth.keeper });
  const slashing = createSlashingModule({ staking: staking.keeper });
  const gov = createGovModule({ bank: bank.keeper, auth: auth.keeper, staking: staking.keeper });
  const authz = createAuthzModule({ accounts: auth.keeper });
  const feegrant = createFeegrantModule({ accounts: auth.keeper, bank: bank.keeper });
  const paymsg = createPaymsgModule({ bank: bank.keeper });

  const constitution = createConstitutionModule({ staking: staking.keeper, group: group.keeper });
  const alias = createAliasModule({ group: group.keeper, paymsg: paymsg.keeper, constitution: constitution.keeper });
  const enforcement = createEnforcementModule({
    bank: bank.keeper,
    staking: enforcementStaking(staking.keeper),
    constitution: constitution.keeper,
    alias: alias.keeper,
  });
  const stablecoin = createStablecoinModule({ bank: bank.keeper });
  const treasury = createTreasuryModule({ bank: bank.keeper, feeCollector: "fee_collector" });
  const land = createLandModule({ group: group.keeper });
  const builderfee = createBuilderfeeModule({ bank: bank.keeper, feeCollector: "fee_collector" });
  const genutil = createGenutilModule({ accounts: auth.keeper, bank: bank.keeper });

  const extras = opts.extraModules ?? [];
  const modules: Module[] = [auth, bank, group, staking, slashing, gov, authz, feegrant, paymsg, constitution, alias, enforcement, land, stablecoin, treasury, builderfee, genutil, ...extras];
  const extraNames = extras.map((m) => m.name);
  const orders = resolveModuleOrders(modules, {
    beginBlock: ["authz", ...extraNames],
    // Chain conventions (design.md): gov, staking, group, constitution, validatorgov, treasury,
    // oracle, enforcement, then netting last.
    endBlock: ["gov", "staking", "group", "constitution", "treasury", "enforcement", ...extraNames],
    // Base modules first, then constitution first among ours (the others validate against it);
    // genutil after the chain modules: its gentxs are checked against the accounts and balances they set.
    initGenesis: ["auth", "bank", "staking", "slashing", "gov", "group", "authz", "feegrant", "constitution", "alias", "enforcement", "land", "paymsg", "stablecoin", "treasury", "builderfee", "genutil", ...extraNames],
  });

  for (const m of modules) for (const acc of m.moduleAccounts ?? []) auth.keeper.registerModuleAccount(acc);
  // As in the SDK's app wiring: module accounts cannot receive plain sends, except gov's.
  bank.keeper.setBlockedAddresses(
    auth.keeper.moduleAccountNames().filter((name) => name !== "gov").map((name) => moduleAddress(name)),
  );
  for (const m of modules) {
    if (m.hooks?.sendRestriction) bank.keeper.addSendRestriction(m.hooks.sendRestriction);
    if (m.hooks?.staking) staking.keeper.addHooks(m.hooks.staking);
    if (m.hooks?.groupGuard) group.keeper.addGuard(m.hooks.groupGuard);
  }

  return {
    modules,
    ...orders,
    accounts: auth.keeper,
    bank: bank.keeper,
    feeGrant: feegrant.keeper,
    feeCollector: "fee_collector",
    feeDenom: "uyml",
    genesisTxs: (decoded) => genesisTxs(decoded.get(GENUTIL)),
    genesisValidators: (ctx) => staking.genesisValidators(ctx),
  };
}
