//! The Broadside binary: reads the configuration, sets up logging and runs the bot.
//!
//! `broadside` runs the bot; `broadside invite-url` prints the link that adds the bot to a
//! server with exactly the permissions it uses; `broadside migrate-store --from
//! sqlite://FILE --to postgres://…` moves the matches to PostgreSQL (with the bot stopped).

use std::io::IsTerminal as _;
use std::process::ExitCode;

use broadside::bot::{self, Config, StartError};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    // A missing .env is normal; a broken one is worth a word.
    let dotenv = dotenvy::dotenv();

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

    // Needs no Discord token: handled before the bot's configuration is read.
    if std::env::args().nth(1).as_deref() == Some("migrate-store") {
        return migrate_store(std::env::args().skip(2).collect()).await;
    }

    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("broadside: configuration error: {e}");
            return ExitCode::from(2);
        }
    };

    let result = match std::env::args().nth(1).as_deref() {
        None => bot::run(config).await,
        Some("invite-url") => bot::invite_url(&config).await.map(|url| println!("{url}")),
        Some(other) => {
            eprintln!(
                "broadside: unknown command {other:?}; use no argument to run the bot, `invite-url`, or `migrate-store --from … --to …`"
            );
            return ExitCode::from(2);
        }
    };
    match result {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("broadside: {e:#}");
            if e.downcast_ref::<StartError>().is_some() {
                ExitCode::from(2)
            } else {
                ExitCode::FAILURE
            }
        }
    }
}

/// `migrate-store --from sqlite://FILE --to postgres://…`.
async fn migrate_store(args: Vec<String>) -> ExitCode {
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    let (Some(from), Some(to)) = (value("--from"), value("--to")) else {
        eprintln!(
            "broadside: usage: broadside migrate-store --from sqlite://FILE --to postgres://USER@HOST/DATABASE"
        );
        return ExitCode::from(2);
    };
    match broadside::store::migrate::sqlite_to_postgres(&from, &to).await {
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
