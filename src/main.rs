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
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::layer::SubscriberExt as _;
use tracing_subscriber::util::SubscriberInitExt as _;

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
    // `LOG_FORMAT=json`: one JSON object a line, for log collectors.
    let format = if std::env::var("LOG_FORMAT").is_ok_and(|f| f.eq_ignore_ascii_case("json")) {
        LogFormat::Json
    } else {
        LogFormat::Text {
            ansi: std::io::stderr().is_terminal(),
        }
    };
    // An admin who names serenity in RUST_LOG is looking into it: its spans then stay, as
    // the context of its events.
    let serenity_spans = std::env::var("RUST_LOG").is_ok_and(|f| f.contains("serenity"));
    logger(filter, format, serenity_spans, std::io::stderr).init();
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

/// How log lines are written.
#[derive(Debug, Clone, Copy)]
enum LogFormat {
    /// One line of text per event.
    Text {
        /// With colours (on a terminal).
        ansi: bool,
    },
    /// One JSON object per line.
    Json,
}

/// The log: the events that `filter` lets through, written to `writer` in `format`, and
/// none of serenity's spans unless `serenity_spans`. serenity opens a span at level INFO
/// around every gateway event it reads and every request it sends, and records their
/// arguments in full with `Debug`: the whole event, and a post's pictures as lists of
/// numbers. Such a span shows only as the context of serenity's few events inside it (a
/// request's whole body before a warning about it), and recording them took a third of the
/// release bot's CPU per `/fire` (`cargo bench --bench fire_load`). serenity's events stay,
/// without that context; the bot's own spans stay too.
fn logger<W>(
    filter: EnvFilter,
    format: LogFormat,
    serenity_spans: bool,
    writer: W,
) -> Box<dyn tracing::Subscriber + Send + Sync>
where
    W: for<'w> MakeWriter<'w> + Send + Sync + 'static,
{
    let logs = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer);
    let spans = filter_fn(move |meta| serenity_spans || !is_serenity_span(meta));
    match format {
        LogFormat::Json => Box::new(logs.json().finish().with(spans)),
        LogFormat::Text { ansi } => Box::new(logs.with_ansi(ansi).finish().with(spans)),
    }
}

/// Whether `meta` is a span of serenity's (its own crate; not one whose name merely starts
/// the same way).
fn is_serenity_span(meta: &tracing::Metadata<'_>) -> bool {
    let target = meta.target();
    meta.is_span() && (target == "serenity" || target.starts_with("serenity::"))
}

#[cfg(test)]
mod tests {
    use std::fmt;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A value that counts how often it is formatted.
    struct Counted(Arc<AtomicUsize>);

    impl fmt::Debug for Counted {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            self.0.fetch_add(1, Ordering::SeqCst);
            f.write_str("PICTURE-BYTES")
        }
    }

    /// What the logger wrote, in each format, after a serenity span (at INFO, with a field)
    /// around a serenity warning and an event of the bot's, and how often the span's field
    /// was formatted.
    fn logged(format: LogFormat, serenity_spans: bool) -> (String, usize) {
        let out = Arc::new(Mutex::new(Vec::<u8>::new()));
        let sink = Arc::clone(&out);
        let writer = move || SharedBuf(Arc::clone(&sink));
        let formatted = Arc::new(AtomicUsize::new(0));
        let subscriber = logger(EnvFilter::new("info"), format, serenity_spans, writer);
        tracing::subscriber::with_default(subscriber, || {
            let request = Counted(Arc::clone(&formatted));
            let span =
                tracing::info_span!(target: "serenity::http::client", "request", req = ?request);
            let _inside = span.enter();
            tracing::warn!(target: "serenity::http::client", "a warning of serenity's");
            tracing::info!(target: "broadside::bot", "an event of the bot's");
            let ours = tracing::info_span!(target: "broadside::bot", "ours", match_id = 7);
            let _ours = ours.enter();
            tracing::info!(target: "broadside::bot", "inside a span of the bot's");
        });
        let text = String::from_utf8(out.lock().unwrap().clone()).unwrap();
        (text, formatted.load(Ordering::SeqCst))
    }

    /// A writer into a shared buffer.
    struct SharedBuf(Arc<Mutex<Vec<u8>>>);

    impl std::io::Write for SharedBuf {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn serenity_spans_are_never_recorded_but_its_events_and_the_bots_spans_are() {
        for (format, ours) in [
            (LogFormat::Text { ansi: false }, "ours{match_id=7}"),
            (LogFormat::Json, r#""match_id":7"#),
        ] {
            let (text, formatted) = logged(format, false);
            assert_eq!(
                formatted, 0,
                "{format:?}: the span's field was formatted\n{text}"
            );
            assert!(!text.contains("PICTURE-BYTES"), "{format:?}\n{text}");
            assert!(
                text.contains("a warning of serenity's"),
                "{format:?}\n{text}"
            );
            assert!(text.contains("an event of the bot's"), "{format:?}\n{text}");
            // The bot's own spans still give their context.
            assert!(
                text.contains("inside a span of the bot's"),
                "{format:?}\n{text}"
            );
            assert!(text.contains(ours), "{format:?}\n{text}");
        }
    }

    #[test]
    fn serenity_spans_stay_when_the_admin_asks_for_them() {
        for format in [LogFormat::Text { ansi: false }, LogFormat::Json] {
            let (text, formatted) = logged(format, true);
            assert!(formatted > 0, "{format:?}\n{text}");
            assert!(text.contains("PICTURE-BYTES"), "{format:?}\n{text}");
            assert!(
                text.contains("a warning of serenity's"),
                "{format:?}\n{text}"
            );
        }
    }
}
