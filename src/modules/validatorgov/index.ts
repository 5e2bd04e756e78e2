import type { Module } from "../../types/module";
import { validatorgovGenesis } from "./genesis";
import { CREATE_VALIDATOR_URL, UNJAIL_URL, VALIDATORGOV_MODULE, ValidatorgovKeeper, type ValidatorgovDeps } from "./keeper";
import { migrateValidatorgovV1ToV2 } from "./migrations";
import { validatorgovMsgs } from "./msgs";
import { validatorgovQueries } from "./queries";
import { validatorgovSimulation } from "./simulation";

export { ValidatorgovKeeper, VALIDATORGOV_MODULE, ApplicationStatus, APPROVED, valoperOf, accountOf } from "./keeper";
export { admitInGenesisJson } from "./genesis";
export { validatorgovErrors } from "./errors";
export type {
  StakingKeeper as ValidatorgovStakingKeeper,
  SlashingKeeper as ValidatorgovSlashingKeeper,
  StakingValidatorView,
  ConstitutionKeeper as ValidatorgovConstitutionKeeper,
  AliasKeeper as ValidatorgovAliasKeeper,
} from "./expected-keepers";

/**
 * Validator admission, seats, concentration epochs and operator rotation. Wiring in
 * src/app/modules.ts: the gates are registered as staking and slashing hooks here (DeliverTx)
 * and as an ante check (CheckTx, so an unapproved MsgCreateValidator never reaches a block).
 */
export function createValidatorgovModule(deps: ValidatorgovDeps): Module & { keeper: ValidatorgovKeeper } {
  const keeper = new ValidatorgovKeeper(deps);
  return {
    name: VALIDATORGOV_MODULE,
    keeper,
    // 2: operator addresses in keys are address bytes; the rotation counter holds the next id.
    consensusVersion: 2,
    migrations: [{ from: 1, migrate: (ctx) => migrateValidatorgovV1ToV2(ctx, keeper) }],
    // The admission gate at delivery (also inside authz and group execution); the ante check refuses it in CheckTx.
    // The un-jail gate at delivery likewise (a MsgUnjail nested in MsgExec meets it there).
    hooks: {
      staking: { beforeCreateValidator: (ctx, msg) => keeper.checkCreateValidator(ctx, msg) },
      slashing: { beforeUnjail: (ctx, operator) => keeper.checkUnjail(ctx, operator) },
    },
    msgs: validatorgovMsgs(keeper),
    queries: validatorgovQueries(keeper),
    genesis: validatorgovGenesis(keeper),
    simulation: validatorgovSimulation(keeper),
    // The seat reserve: it delegates, it never mints or burns. modules.ts keeps it off the
    // blocked list, since plain transfers to it are how the reserve is funded.
    moduleAccounts: [{ name: VALIDATORGOV_MODULE, permissions: ["staking"] }],
    anteCheck: (ctx, tx) => {
      for (const m of tx.msgs) {
        if (m.any.typeUrl === CREATE_VALIDATOR_URL) keeper.checkCreateValidator(ctx, m.msg as { validatorAddress: string });
        if (m.any.typeUrl === UNJAIL_URL) keeper.checkUnjail(ctx, (m.msg as { validatorAddr: string }).validatorAddr);
      }
    },
    endBlock: (ctx) => {
      keeper.endBlock(ctx);
    },
    // A pending recovery's current operator signing any tx of a block vetoes it, even when the tx fails.
    postTx: (ctx, tx) => keeper.vetoRecoveriesSignedBy(ctx, tx.signers),
    postTxScope: "block",
  };
}
