//! The Broadside binary: reads the command line and the configuration, sets up logging
//! and runs the bot (or one of its tools).
//!
//! * `broadside` runs the bot;
//! * `broadside invite-url` prints the links that add the bot to a server (with exactly the
//!   permissions it uses) and to a member's own apps;
//! * `broadside migrate-store --from sqlite://FILE --to postgres://…` moves the matches to
//!   PostgreSQL (with the bot stopped).
//!
//! Exit codes: 0 done, 1 a failure that a restart may mend (the network, Discord), 2 a
//! configuration or database problem that it cannot (systemd's unit does not restart then).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use broadside::bot::{self, Config, StartError};
use broadside::store::StoreError;
use clap::{Parser, Subcommand};
use tracing_subscriber::EnvFilter;

/// A self-hosted Discord bot for sea battle: classic (Søslag / Sjöslag) and Game 2000
/// (Zeeslag).
#[derive(Debug, Parser)]
#[command(
    version,
    about,
    long_about = "A self-hosted Discord bot for sea battle: classic (Søslag / Sjöslag) and \
                  Game 2000 (Zeeslag).\n\nWithout a command it runs the bot. Its settings \
                  come from the environment and from a .env file in the working directory \
                  (see .env.example): DISCORD_TOKEN (required to run), DATABASE_URL, \
                  DEV_GUILD_ID, the timeouts and the rest."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the links that add the bot to a server (with exactly the permissions it uses)
    /// and to your own apps; asks Discord which application the token belongs to.
    InviteUrl,
    /// Move every match, rating and result from a SQLite file into an empty PostgreSQL
    /// database, in one transaction. Stop the bot first.
    MigrateStore {
        /// The SQLite database to read, `sqlite://FILE` (it must exist); by default the
        /// bot's own.
        #[arg(long, env = "DATABASE_URL", hide_env_values = true)]
        from: String,
        /// The PostgreSQL database to fill, `postgres://USER@HOST/DATABASE` (it must exist
        /// and be empty).
        #[arg(long)]
        to: String,
    },
}

#[tokio::main]
async fn main() -> ExitCode {
    // A missing .env is normal; a broken one is worth a word.
    let dotenv = dotenvy::dotenv();
    // `--help`, `--version` and unknown commands are answered here (exit 0 or 2), before
    // any configuration is read.
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.kind() == clap::error::ErrorKind::InvalidSubcommand => {
            let known: Vec<String> = <Cli as clap::CommandFactory>::command()
                .get_subcommands()
                .map(|c| c.get_name().to_owned())
                .filter(|name| name != "help")
                .collect();
            eprintln!(
                "{e}\nThe commands are {}, or none to run the bot.",
                known.join(" and ")
            );
            return ExitCode::from(2);
        }
        Err(e) => e.exit(),
    };

    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr);
    // `LOG_FORMAT=json`: one JSON object a line, for log collectors.
    if std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json")) {
        logs.json().init();
    } else {
        logs.with_ansi(std::io::stderr().is_terminal()).init();
    }
    if let Err(e) = dotenv
        && !e.not_found()
    {
        tracing::warn!(error = %e, "could not read .env");
    }

    // Needs no Discord token.
    if let Some(Command::MigrateStore { from, to }) = &cli.command {
        return migrate_store(from, to).await;
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("broadside: configuration error: {e}");
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        None => bot::run(config).await,
        Some(Command::InviteUrl) => bot::invite_url(&config).await.map(|url| println!("{url}")),
        Some(Command::MigrateStore { .. }) => unreachable_command(),
    };
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("broadside: {e:#}");
            let permanent = e.downcast_ref::<StartError>().is_some()
                || e.downcast_ref::<StoreError>()
                    .is_some_and(StoreError::is_permanent);
            if permanent {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// `migrate-store` is answered before the configuration is read.
fn unreachable_command() -> anyhow::Result<()> {
    anyhow::bail!("this command needs no bot configuration")
}

/// `migrate-store --from sqlite://FILE --to postgres://…`.
async fn migrate_store(from: &str, to: &str) -> ExitCode {
    match broadside::store::migrate::sqlite_to_postgres(from, to).await {
        Ok(moved) => {
            println!("moved {moved}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("broadside: migrate-store: {e}");
            ExitCode::from(2)
        }
    }
}
