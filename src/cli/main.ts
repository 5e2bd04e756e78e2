import "./node-launch";
import { writeFileSync } from "node:fs";
import { Command, InvalidArgumentError, Option } from "commander";
import { APP_NAME, APP_PROTOCOL_VERSION, APP_VERSION } from "../app/app";
import { COMETBFT_VERSION } from "./comet";
import { addGenesisAccountCmd, collectGentxsCmd, gentxCmd, validateGenesisCmd } from "./commands/genesis";
import { initHome, parseCustodians } from "./commands/init";
import { devFoundationWarning } from "../abci/dev/foundation";
import { keysCommand } from "./commands/keys";
import { queryCommand } from "./commands/query";
import { statusCommand } from "./commands/status";
import { payloadStoreCommand } from "./commands/payload-store";
import { indexerCommand } from "./commands/indexer";
import { TX_INDEXERS, txIndexConfigOf } from "./tx-index-config";
import { txCommand } from "./commands/tx";
import { startDev, startNode } from "./commands/start";
import { exportCmd, rollbackCmd } from "./commands/state";
import { DEFAULT_DEV_HOME, DEFAULT_HOME, homePaths } from "./home";
import { LOG_OPTIONS, logFlags } from "./log/options";
import { KEYRING_BACKENDS } from "./keyring/keyring";

function uint(value: string): bigint {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError("expected a non-negative integer");
  return BigInt(value);
}

const homeOption = () => new Option("--home <dir>", "node home directory").env("BLOCKCHAIND_HOME");

const json = (v: unknown) => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x), 2);

export function buildProgram(): Command {
  const program = new Command("blockchaind")
    .description("Cosmos-SDK-style application chain node (the ABCI application beside CometBFT)")
    .showHelpAfterError();

  program
    .command("start")
    .description("run the node: the ABCI app for CometBFT, or with --dev a self-contained single-validator dev chain")
    .addOption(homeOption())
    .option("--dev", "in-process block production, dev home with a funded faucet (npm start)")
    .option("--address <addr>", "ABCI listen address (default: app.toml [abci] address)")
    .option("--block-interval <ms>", "dev mode block interval", (v) => Number(uint(v)), 1000)
    .option("--halt-height <height>", "commit this height, then stop", uint)
    .option(
      "--with-comet",
      "start CometBFT (same --home) as a supervised child: restarted when it dies, stopped first (app.toml [comet] supervise)",
    )
    .option("--invariants", "check every module's invariants after each block; a break is logged and halts the node (app.toml invariants)")
    .addOption(LOG_OPTIONS.level())
    .addOption(LOG_OPTIONS.levelAlias())
    .addOption(LOG_OPTIONS.format())
    .addOption(LOG_OPTIONS.noColor())
    // Read before the CLI loads (node-launch.ts); declared here for --help and the parser.
    .option("--no-reexec", "started without the node's V8 flags, run here anyway (warns) instead of in a child node with them")
    .action(async (o) => {
      const log = logFlags(o);
      if (o.dev)
        await startDev({
          ...log,
          home: o.home ?? DEFAULT_DEV_HOME,
          blockIntervalMs: o.blockInterval,
          haltHeight: o.haltHeight,
          invariants: o.invariants,
        });
      else
        await startNode({
          ...log,
          home: o.home ?? DEFAULT_HOME,
          address: o.address,
          haltHeight: o.haltHeight,
          withComet: o.withComet,
          invariants: o.invariants,
        });
    });

  program
    .command("init <moniker>")
    .description("write the node home: CometBFT config and keys, genesis.json with the app's default state, app.toml")
    .requiredOption("--chain-id <id>", "chain id")
    .addOption(homeOption())
    .option("--overwrite", "replace an existing genesis.json and config (keys are kept)")
    .option("--timeout-commit <duration>", "CometBFT consensus timeout_commit", "1s")
    .option(
      "--foundation-custodians <addrs>",
      "the foundation's custodians, comma-separated account addresses (default: DEV-ONLY keys)",
      parseCustodians,
    )
    .option("--foundation-threshold <n>", "custodian signatures the foundation requires (default: a majority)", (v) => Number(uint(v)))
    .addOption(
      new Option("--indexer <kind>", "CometBFT's tx index: kv (embedded), psql (Postgres) or null").choices(TX_INDEXERS).default("kv"),
    )
    .option("--psql-conn <url>", "Postgres for --indexer psql: postgres://user:password@host:5432/dbname?sslmode=disable")
    .action((moniker: string, o) => {
      const home = o.home ?? DEFAULT_HOME;
      const genesis = initHome({
        home,
        moniker,
        chainId: o.chainId,
        overwrite: o.overwrite,
        timeouts: { commit: o.timeoutCommit },
        foundationCustodians: o.foundationCustodians,
        foundationThreshold: o.foundationThreshold,
        txIndex: txIndexConfigOf(o.indexer, o.psqlConn),
      });
      if (!o.foundationCustodians) console.error(devFoundationWarning());
      const foundation = (genesis.app_state as Record<string, any>).constitution.invariants.enforcement_recovery_destination;
      console.log(
        json({ moniker, chain_id: genesis.chain_id, home: homePaths(home).home, validator: genesis.validators?.[0]?.address, foundation }),
      );
    });

  const genesis = program.command("genesis").description("build the genesis file");
  genesis
    .command("add-genesis-account <address> <coins>")
    .description("fund an account at genesis, e.g. add-genesis-account yml1... 1000000uyml")
    .addOption(homeOption())
    .action((address: string, coins: string, o) => addGenesisAccountCmd(o.home ?? DEFAULT_HOME, [{ address, coins }]));
  genesis
    .command("gentx <key-name> <amount>")
    .description("sign this node's MsgCreateValidator as a genesis tx (config/gentx/gentx-<node id>.json), e.g. gentx alice 10000000uyml")
    .addOption(homeOption())
    .option("--chain-id <id>", "chain id the gentx is signed for (default and must be: genesis.json's)")
    .option("--moniker <name>", "validator name (default: config.toml moniker)")
    .option("--identity <text>", "identity signature (e.g. Keybase)")
    .option("--website <url>", "validator website")
    .option("--security-contact <email>", "validator security contact")
    .option("--details <text>", "validator description")
    .option("--commission-rate <dec>", "initial commission rate", "0.1")
    .option("--commission-max-rate <dec>", "maximum commission rate", "0.2")
    .option("--commission-max-change-rate <dec>", "maximum daily commission change", "0.01")
    .option("--min-self-delegation <amount>", "minimum self delegation", "1")
    .option("--ip <ip>", "the node's public IP, for the peer address in the memo", "127.0.0.1")
    .option("--gas <limit>", "gas limit of the gentx", uint)
    .option("--output-document <file>", "write the gentx here instead of config/gentx")
    .addOption(
      new Option("--keyring-backend <backend>", "where the operator key lives")
        .choices(KEYRING_BACKENDS)
        .default("file")
        .env("BLOCKCHAIND_KEYRING_BACKEND"),
    )
    .option("--passphrase-file <file>", "file keyring passphrase (else $BLOCKCHAIND_KEYRING_PASSPHRASE, else a prompt)")
    .action(async (keyName: string, amount: string, o) => {
      const { file } = await gentxCmd(o.home ?? DEFAULT_HOME, {
        key: keyName,
        amount,
        chainId: o.chainId,
        moniker: o.moniker,
        identity: o.identity,
        website: o.website,
        securityContact: o.securityContact,
        details: o.details,
        commissionRate: o.commissionRate,
        commissionMaxRate: o.commissionMaxRate,
        commissionMaxChangeRate: o.commissionMaxChangeRate,
        minSelfDelegation: o.minSelfDelegation,
        ip: o.ip,
        gas: o.gas,
        keyringBackend: o.keyringBackend,
        passphraseFile: o.passphraseFile,
        outputDocument: o.outputDocument,
      });
      console.log(`Genesis transaction written to "${file}"`);
    });
  genesis
    .command("collect-gentxs")
    .description("put the gentxs in config/gentx into app_state.genutil.gen_txs (InitChain delivers them)")
    .addOption(homeOption())
    .option("--gentx-dir <dir>", "directory of gentx files")
    .action((o) => {
      const gentxs = collectGentxsCmd(o.home ?? DEFAULT_HOME, o.gentxDir);
      console.log(
        json({ validators: gentxs.map((g) => ({ moniker: g.moniker, operator: g.operator, address: g.address, power: g.power })) }),
      );
    });
  genesis
    .command("validate [file]")
    .description("check a genesis file: CometBFT fields and every module's state")
    .addOption(homeOption())
    .action((file: string | undefined, o) => {
      const path = file ?? homePaths(o.home ?? DEFAULT_HOME).genesis;
      validateGenesisCmd(path);
      console.log(`File at ${path} is a valid genesis file`);
    });

  program
    .command("rollback")
    .description("roll the app state back one height (wrong app hash recovery; the node must be stopped)")
    .addOption(homeOption())
    .option("--comet", "also roll back CometBFT's state (runs `cometbft rollback --home <home>`)")
    .action(async (o) => {
      const r = await rollbackCmd(o.home ?? DEFAULT_HOME, Boolean(o.comet));
      if (r.comet) console.log(r.comet);
      console.log(`Rolled back app state to height ${r.height} and hash ${r.appHash}`);
      if (!o.comet) console.log("Roll back CometBFT too before restarting: cometbft rollback --home <home>");
    });

  program
    .command("export")
    .description("genesis JSON of the current committed state (the node must be stopped)")
    .addOption(homeOption())
    .option("--output-document <file>", "write to a file instead of stdout")
    .action(async (o) => {
      const text = `${JSON.stringify(await exportCmd(o.home ?? DEFAULT_HOME), null, 2)}\n`;
      if (o.outputDocument) writeFileSync(o.outputDocument, text);
      else process.stdout.write(text);
    });

  program
    .command("version")
    .description("print the version")
    .option("--long", "name, app protocol version and the CometBFT release it targets")
    .action((o) => {
      if (!o.long) return console.log(APP_VERSION);
      console.log(
        json({
          name: APP_NAME,
          version: APP_VERSION,
          app_protocol_version: APP_PROTOCOL_VERSION,
          cometbft: COMETBFT_VERSION,
          node: process.version,
        }),
      );
    });

  program.addCommand(keysCommand());
  program.addCommand(txCommand());
  program.addCommand(queryCommand());
  program.addCommand(statusCommand());
  program.addCommand(payloadStoreCommand());
  program.addCommand(indexerCommand());

  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((e: unknown) => {
    process.stderr.write(`Error: ${(e as Error).message}\n`);
    process.exit(1);
  });
