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
import { createConstitutionModule } from "../modules/constitution";
import { createAliasModule } from "../modules/alias";
import { createGenutilModule, genesisTxs, GENUTIL } from "../modules/genutil";
import { createValidatorgovModule, VALIDATORGOV_MODULE } from "../modules/validatorgov";
import { validatorgovStaking } from "./validatorgov-staking";
import type { ModuleSet } from "./module-set";

/**
 * The one place that lists the modules, wires each keeper to the narrow keepers it needs,
 * and fixes the begin-block, end-block and init-genesis orders.
 */
export interface BuildOptions {
  /** Extra modules appended after the chain's own (tests use this for harness modules). */
  extraModules?: Array<Module & { bindRouter?(router: MsgRouter): void }>;
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
  const alias = createAliasModule({ group: group.keeper, paymsg: paymsg.keeper });

  const constitution = createConstitutionModule({ staking: staking.keeper, group: group.keeper });
  const stablecoin = createStablecoinModule({ bank: bank.keeper });
  const builderfee = createBuilderfeeModule({ bank: bank.keeper, feeCollector: "fee_collector" });
  const validatorgov = createValidatorgovModule({ staking: validatorgovStaking(staking.keeper), bank: bank.keeper, constitution: constitution.keeper, alias: alias.keeper });
  // Registered after the chain's modules: its InitGenesis checks gentx signers against the
  // accounts and balances the others have set (unnamed modules init in registration order).
  const genutil = createGenutilModule({ accounts: auth.keeper, bank: bank.keeper });

  const extras = opts.extraModules ?? [];
  const modules: Module[] = [auth, bank, group, staking, slashing, gov, authz, feegrant, paymsg, alias, constitution, stablecoin, builderfee, validatorgov, genutil, ...extras];

  for (const m of modules) for (const acc of m.moduleAccounts ?? []) auth.keeper.registerModuleAccount(acc);
  // The foundation rule: group refuses changes that would break the recovery destination's group.
  group.keeper.addGuard(constitution.hooks.groupGuard);
  // As in the SDK's app wiring: module accounts cannot receive plain sends, except gov's and
  // validatorgov's seat reserve (plain transfers to it are how the reserve is funded).
  bank.keeper.setBlockedAddresses(
    auth.keeper.moduleAccountNames().filter((name) => name !== "gov" && name !== VALIDATORGOV_MODULE).map((name) => moduleAddress(name)),
  );

  /** The named modules first, in that order, then every other module in registration order. */
  const ordered = (first: string[]) => [
    ...first.map((n) => modules.find((m) => m.name === n)).filter((m): m is Module => m !== undefined),
    ...modules.filter((m) => !first.includes(m.name)),
  ];

  return {
    modules,
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
    bindRouter: (router) => {
      gov.bindRouter(router);
      group.bindRouter(router);
      authz.bindRouter(router);
      builderfee.bindRouter(router);
      for (const m of extras) m.bindRouter?.(router);
    },
  };
}
