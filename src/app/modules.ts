import type { Plan } from "cosmjs-types/cosmos/upgrade/v1beta1/upgrade";
import { moduleAddress } from "../types/address";
import type { Module } from "../types/module";
import { noFreeze } from "../types/hooks";
import { createAuthModule } from "../modules/auth";
import { createBankModule } from "../modules/bank";
import { createGroupModule } from "../modules/group";
import { createStakingModule } from "../modules/staking";
import { createSlashingModule } from "../modules/slashing";
import { createDistributionModule } from "../modules/distribution";
import { createEvidenceModule } from "../modules/evidence";
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
import { createNettingModule } from "../modules/netting";
import { createAliasModule } from "../modules/alias";
import { createTokenisationModule } from "../modules/tokenisation";
import { createValidatorgovModule, VALIDATORGOV_MODULE } from "../modules/validatorgov";
import { validatorgovStaking } from "./validatorgov-staking";
import { createOracleModule } from "../modules/oracle";
import { createNftModule } from "../modules/nft";
import { createCustodyModule } from "../modules/custody";
import { createGenutilModule, genesisTxs, GENUTIL } from "../modules/genutil";
import { createUpgradeModule, type UpgradeDef } from "../modules/upgrade";
import { createIbcModule } from "../modules/ibc";
import { createTransferModule, TRANSFER_PORT } from "../modules/transfer";
import { createConsensusModule } from "../modules/consensus";
import { assertMigrations, currentVersionMap, runMigrations } from "./migrations";
import { resolveModuleOrders } from "./module-order";
import type { ModuleSet } from "./module-set";
import { CHAIN_UPGRADES } from "./upgrades";

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
  /** The upgrades this binary can apply (default: the chain's list in upgrades.ts); tests pass their own. */
  upgrades?: readonly UpgradeDef[];
  /** Called before the node halts for a plan this binary has no handler for (upgrade-info.json). */
  onUpgradeNeeded?: (plan: Plan) => void;
}

/** The chain's own fee denom (also the staking token). */
const FEE_DENOM = "uyml";

export function buildModules(opts: BuildOptions = {}): ModuleSet {
  const auth = createAuthModule();
  const bank = createBankModule({ auth: auth.keeper });
  const group = createGroupModule({ auth: auth.keeper });
  const staking = createStakingModule({ bank: bank.keeper, auth: auth.keeper });
  const slashing = createSlashingModule({ staking: staking.keeper });
  const distribution = createDistributionModule({
    bank: bank.keeper,
    auth: auth.keeper,
    staking: staking.keeper,
    feeCollector: "fee_collector",
  });
  const gov = createGovModule({ bank: bank.keeper, auth: auth.keeper, staking: staking.keeper });
  const authz = createAuthzModule({ accounts: auth.keeper });
  const feegrant = createFeegrantModule({ accounts: auth.keeper, bank: bank.keeper });
  const paymsg = createPaymsgModule({ bank: bank.keeper });
  const nft = createNftModule();
  const custody = createCustodyModule({ bank: bank.keeper });

  // Before tokenisation and enforcement: both treat transfer's escrow accounts as payout accounts.
  const ibc = createIbcModule();
  const transfer = createTransferModule({ bank: bank.keeper, channels: ibc.keeper.channels });
  ibc.keeper.ports.bind(TRANSFER_PORT, transfer.app);

  const constitution = createConstitutionModule({ staking: staking.keeper, group: group.keeper });
  const alias = createAliasModule({ group: group.keeper, paymsg: paymsg.keeper, constitution: constitution.keeper });
  const validatorgov = createValidatorgovModule({
    staking: validatorgovStaking(staking.keeper),
    slashing: slashing.keeper,
    bank: bank.keeper,
    constitution: constitution.keeper,
    alias: alias.keeper,
  });
  const enforcement = createEnforcementModule({
    bank: bank.keeper,
    staking: staking.keeper,
    constitution: constitution.keeper,
    alias: alias.keeper,
    escrows: transfer.keeper,
  });
  const stablecoin = createStablecoinModule({ bank: bank.keeper, feeDenom: FEE_DENOM });
  const netting = createNettingModule({ bank: bank.keeper, paymsg: paymsg.keeper });
  const treasury = createTreasuryModule({ bank: bank.keeper, feeCollector: "fee_collector" });
  const land = createLandModule({ group: group.keeper });
  const tokenisation = createTokenisationModule({ bank: bank.keeper, land: land.keeper, escrows: transfer.keeper });
  const builderfee = createBuilderfeeModule({ bank: bank.keeper, feeCollector: "fee_collector" });
  const oracle = createOracleModule({ staking: staking.keeper, nft: nft.keeper });
  // x/upgrade sees the whole module list (versions, migrations) through the closure below.
  const upgrade = createUpgradeModule({
    upgrades: opts.upgrades ?? CHAIN_UPGRADES,
    onUpgradeNeeded: opts.onUpgradeNeeded,
    modules: { versionMap: () => currentVersionMap(modules), runMigrations: (ctx, fromVM) => runMigrations(ctx, modules, fromVM) },
  });
  const consensus = createConsensusModule();
  const evidence = createEvidenceModule({ staking: staking.keeper, slashing: slashing.keeper, consensus: consensus.keeper });
  const genutil = createGenutilModule({ accounts: auth.keeper, bank: bank.keeper });
  const extras = opts.extraModules ?? [];
  const modules: Module[] = [
    auth,
    bank,
    group,
    staking,
    distribution,
    slashing,
    evidence,
    gov,
    authz,
    feegrant,
    nft,
    paymsg,
    constitution,
    alias,
    validatorgov,
    enforcement,
    land,
    tokenisation,
    oracle,
    custody,
    stablecoin,
    treasury,
    netting,
    builderfee,
    ibc,
    transfer,
    upgrade,
    consensus,
    genutil,
    ...extras,
  ];
  assertMigrations(modules);
  const extraNames = extras.map((m) => m.name);
  const orders = resolveModuleOrders(modules, {
    preBlock: ["upgrade", ...extraNames],
    // As the SDK's app: distribution first (it pays the previous block's fees before anything
    // moves them), slashing (liveness of the last commit), then evidence (equivocation).
    beginBlock: ["distribution", "slashing", "evidence", "authz", ...extraNames],
    // Governance and staking settle first; netting closes its cycle last, after every other
    // module's state change of the block.
    endBlock: ["gov", "staking", "group", "constitution", "validatorgov", "treasury", "oracle", "enforcement", ...extraNames, "netting"],
    // Base modules first, then constitution first among ours (the others validate against it);
    // genutil after the chain modules: its gentxs are checked against the accounts and balances they set.
    initGenesis: [
      "auth",
      "bank",
      "staking",
      "distribution",
      "slashing",
      "evidence",
      "gov",
      "group",
      "authz",
      "feegrant",
      "nft",
      "constitution",
      "alias",
      "validatorgov",
      "enforcement",
      "land",
      "tokenisation",
      "oracle",
      "custody",
      "paymsg",
      "stablecoin",
      "treasury",
      "netting",
      "builderfee",
      "ibc",
      // After ibc: its channels tell which escrow accounts exist.
      "transfer",
      "upgrade",
      "consensus",
      "genutil",
      ...extraNames,
    ],
  });

  for (const m of modules) for (const acc of m.moduleAccounts ?? []) auth.keeper.registerModuleAccount(acc);
  // As in the SDK's app wiring: module accounts cannot receive plain sends, except gov's and
  // validatorgov's seat reserve (plain transfers to it are how the reserve is funded).
  bank.keeper.setBlockedAddresses(
    auth.keeper
      .moduleAccountNames()
      .filter((name) => name !== "gov" && name !== VALIDATORGOV_MODULE)
      .map((name) => moduleAddress(name)),
  );
  for (const m of modules) {
    if (m.hooks?.sendRestriction) bank.keeper.addSendRestriction(m.hooks.sendRestriction);
    if (m.hooks?.staking) staking.keeper.addHooks(m.hooks.staking);
    if (m.hooks?.slashing) slashing.keeper.addHooks(m.hooks.slashing);
    if (m.hooks?.groupGuard) group.keeper.addGuard(m.hooks.groupGuard);
  }
  const freezeGuards = modules.filter((m) => m.hooks?.freezeGuard);
  if (freezeGuards.length > 1) throw new Error(`module wiring: freezeGuard offered by ${freezeGuards.map((m) => m.name).join(", ")}`);
  const freezeGuard = freezeGuards[0]?.hooks?.freezeGuard ?? noFreeze;
  for (const m of modules) m.bindFreezeGuard?.(freezeGuard);

  return {
    modules,
    ...orders,
    accounts: auth.keeper,
    bank: bank.keeper,
    feeGrant: feegrant.keeper,
    feeCollector: "fee_collector",
    feeDenom: FEE_DENOM,
    genesisTxs: (decoded) => genesisTxs(decoded.get(GENUTIL)),
    genesisValidators: (ctx) => staking.genesisValidators(ctx),
    initVersionMap: (ctx) => upgrade.keeper.initVersionMap(ctx),
    bindGenesisConsensusParams: (get) => consensus.keeper.bindGenesisSource({ genesisConsensusParams: get }),
    consensusParamStore: consensus.keeper,
    consensusParamUpdates: (ctx) => consensus.keeper.updatesAt(ctx),
  };
}
