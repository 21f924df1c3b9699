//! The Broadside binary: reads the configuration, sets up logging and runs the bot.

use std::io::IsTerminal as _;
use std::process::ExitCode;

use broadside::bot::{self, Config};
use tracing_subscriber::EnvFilter;

#[tokio::main]
async fn main() -> ExitCode {
    // A missing .env is normal; a broken one is worth a word.
    let dotenv = dotenvy::dotenv();

    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();

    if let Err(e) = dotenv {
        if !e.not_found() {
            tracing::warn!(error = %e, "could not read .env");
        }
    }

    let config = match Config::from_env() {
        Ok(config) => config,
        Err(e) => {
            eprintln!("broadside: configuration error: {e}");
            return ExitCode::from(2);
        }
    };

    match bot::run(config).await {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("broadside: {e:#}");
            ExitCode::FAILURE
        }
    }
}
