import type { Plan } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import { moduleAddress } from "../types/address";
import type { Module, MsgRouter } from "../types/module";
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
import { createPaymsgModule } from "../modules/paymsg";
import { createGenutilModule, genesisTxs, GENUTIL } from "../modules/genutil";
import { createUpgradeModule, type UpgradeDef } from "../modules/upgrade";
import { createConsensusModule } from "../modules/consensus";
import { assertMigrations, currentVersionMap, runMigrations } from "./migrations";
import type { ModuleSet } from "./module-set";
import { CHAIN_UPGRADES } from "./upgrades";

/**
 * The one place that lists the modules, wires each keeper to the narrow keepers it needs,
 * and fixes the begin-block, end-block and init-genesis orders.
 */
export interface BuildOptions {
  /** Extra modules appended after the chain's own (tests use this for harness modules). */
  extraModules?: Array<Module & { bindRouter?(router: MsgRouter): void }>;
  /** The upgrades this binary can apply (default: the chain's list in upgrades.ts); tests pass their own. */
  upgrades?: readonly UpgradeDef[];
  /** Called before the node halts for a plan this binary has no handler for (upgrade-info.json). */
  onUpgradeNeeded?: (plan: Plan) => void;
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

  const stablecoin = createStablecoinModule({ bank: bank.keeper });
  const builderfee = createBuilderfeeModule({ bank: bank.keeper, feeCollector: "fee_collector" });
  // x/upgrade sees the whole module list (versions, migrations) through the closure below.
  const upgrade = createUpgradeModule({
    upgrades: opts.upgrades ?? CHAIN_UPGRADES,
    onUpgradeNeeded: opts.onUpgradeNeeded,
    modules: { versionMap: () => currentVersionMap(modules), runMigrations: (ctx, fromVM) => runMigrations(ctx, modules, fromVM) },
  });
  const consensus = createConsensusModule();
  // Registered after the chain's modules: its InitGenesis checks gentx signers against the
  // accounts and balances the others have set (unnamed modules init in registration order).
  const genutil = createGenutilModule({ accounts: auth.keeper, bank: bank.keeper });

  const extras = opts.extraModules ?? [];
  const modules: Module[] = [auth, bank, group, staking, slashing, gov, authz, feegrant, paymsg, stablecoin, builderfee, upgrade, consensus, genutil, ...extras];
  assertMigrations(modules);

  for (const m of modules) for (const acc of m.moduleAccounts ?? []) auth.keeper.registerModuleAccount(acc);
  // As in the SDK's app wiring: module accounts cannot receive plain sends, except gov's.
  bank.keeper.setBlockedAddresses(
    auth.keeper.moduleAccountNames().filter((name) => name !== "gov").map((name) => moduleAddress(name)),
  );

  /** The named modules first, in that order, then every other module in registration order. */
  const ordered = (first: string[]) => [
    ...first.map((n) => modules.find((m) => m.name === n)).filter((m): m is Module => m !== undefined),
    ...modules.filter((m) => !first.includes(m.name)),
  ];

  return {
    modules,
    preBlockOrder: modules.filter((m) => m.preBlock !== undefined),
    beginBlockOrder: modules.filter((m) => m.beginBlock !== undefined),
    // Chain conventions (design.md): end block gov, staking, group, constitution, validatorgov,
    // treasury, oracle, enforcement, netting last.
    endBlockOrder: ordered(["gov", "staking", "group", "constitution", "validatorgov", "treasury", "oracle", "enforcement"])
      .filter((m) => m.name !== "netting")
      .concat(modules.filter((m) => m.name === "netting"))
      .filter((m) => m.endBlock !== undefined),
    // Base modules first, then constitution first among ours (the others validate against it).
    initGenesisOrder: ordered(["auth", "bank", "staking", "slashing", "gov", "group", "authz", "feegrant", "constitution"]),
    accounts: auth.keeper,
    bank: bank.keeper,
    feeGrant: feegrant.keeper,
    feeCollector: "fee_collector",
    feeDenom: "uyml",
    genesisTxs: (decoded) => genesisTxs(decoded.get(GENUTIL)),
    genesisValidators: (ctx) => staking.genesisValidators(ctx),
    initVersionMap: (ctx) => upgrade.keeper.initVersionMap(ctx),
    bindGenesisConsensusParams: (get) => consensus.keeper.bindGenesisSource({ genesisConsensusParams: get }),
    consensusParamUpdates: (ctx) => consensus.keeper.updatesAt(ctx),
    bindRouter: (router) => {
      gov.bindRouter(router);
      group.bindRouter(router);
      authz.bindRouter(router);
      builderfee.bindRouter(router);
      for (const m of extras) m.bindRouter?.(router);
    },
  };
}
