//! The Discord layer (poise).
//!
//! [`run`] connects to Discord with a [`Config`]; `framework` builds the poise framework
//! (commands, error hook, event handler) so that it can be reused and tested.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

use crate::session::{Paces, SeasonClock, Seeds, Session, Timeouts};
use crate::store::Opened;

pub(crate) mod commands;
pub(crate) mod components;
pub mod config;
pub(crate) mod features;
pub(crate) mod health;
pub(crate) mod hook;
pub mod kit;
pub(crate) mod tasks;
#[cfg(test)]
mod tests;

pub use config::{Config, ConfigError};
/// The languages, for the renderer's tests and examples (`broadside::bot::i18n::Lang`).
pub use kit::i18n;
/// What the bot needs in a channel, and its install links.
pub use kit::permissions;

/// The views of the leaderboard and of the statistics card (`examples/standings_bench.rs`).
pub mod standings {
    pub use super::features::leaderboard::words::{board_view, global_view, season_view};
    pub use super::features::stats::words::card_view;
}

/// The daily sea's panel, card and table (`examples/daily_bench.rs`).
pub mod daily {
    pub use super::features::daily::{panel, share, table, words};
}

use health::SessionSlot;
use kit::{Data, Error, discord, metrics};

/// How often the sweeper looks for matches past their deadline.
const SWEEP_EVERY: Duration = Duration::from_millis(500);
/// How often the bot records in the database that it is running.
const BEAT_EVERY: Duration = Duration::from_secs(5);
/// The pause between two restart notes.
const RESUME_PACE: Duration = Duration::from_millis(250);

/// Set when the bot cannot finish starting (e.g. command registration failed); [`run`] then
/// stops the bot and returns this text as an error.
pub(crate) type StartupFailure = Arc<OnceLock<String>>;

/// How long shards get to close after a shutdown request before the bot exits anyway.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(5);

/// The framework options: commands, error hook and global event handler.
#[must_use]
pub(crate) fn options() -> poise::FrameworkOptions<Data, Error> {
    poise::FrameworkOptions {
        commands: commands::all(),
        on_error: |error| Box::pin(hook::on_error(error)),
        pre_command: |ctx| {
            Box::pin(async move {
                ctx.set_invocation_data(std::time::Instant::now()).await;
            })
        },
        post_command: |ctx| {
            Box::pin(async move {
                let took = ctx
                    .invocation_data::<std::time::Instant>()
                    .await
                    .map(|t| t.elapsed().as_secs_f64());
                metrics::command_done(&ctx.command().qualified_name, "ok", took);
                hook::hand_over(ctx).await;
            })
        },
        event_handler: |framework, event| Box::pin(event_handler(framework, event)),
        // Players type free text (names, notes); never let it ping @everyone or roles.
        allowed_mentions: Some(
            serenity::CreateAllowedMentions::new()
                .everyone(false)
                .all_roles(false)
                .all_users(true),
        ),
        ..Default::default()
    }
}

/// Builds the poise framework. On `READY` it registers the commands (in `DEV_GUILD_ID` if
/// set, else globally), brings back the live matches from `store` and starts the
/// background tasks; only then are commands taken. If a step fails it records the reason
/// in `failure` and shuts down, because poise would otherwise wait forever.
#[must_use]
pub(crate) fn framework(
    config: Arc<Config>,
    failure: StartupFailure,
    store: Opened,
    slot: SessionSlot,
) -> poise::Framework<Data, Error> {
    poise::Framework::builder()
        .options(options())
        .setup(move |ctx, ready, framework| {
            Box::pin(async move {
                let commands = &framework.options().commands;
                let builder = poise::builtins::create_application_commands(commands);
                let registered = match config.dev_guild_id {
                    Some(guild) => guild.set_commands(ctx, builder).await,
                    None => serenity::Command::set_global_commands(ctx, builder).await,
                };
                let give_up = |reason: String| {
                    let _ = failure.set(reason.clone());
                    let shards = framework.shard_manager().clone();
                    tokio::spawn(async move { shards.shutdown_all().await });
                    Error::Internal(anyhow::anyhow!(reason))
                };
                // Their ids make the commands in public texts clickable.
                let ids = match registered {
                    Ok(registered) => i18n::commands::CommandIds::new(
                        registered.into_iter().map(|c| (c.name, c.id.get())),
                    ),
                    Err(e) => {
                        return Err(give_up(format!("could not register the slash commands: {e}")));
                    }
                };
                // Restored here, at READY, so that no deadline runs while the bot cannot
                // yet take commands.
                let timeouts = Timeouts {
                    challenge: config.challenge_timeout,
                    placement: config.placement_timeout,
                    turn: config.turn_timeout,
                };
                let paces = Paces::new(timeouts, config.pace_scale);
                // Read before the restore records that the bot runs again.
                let last_seen = store.store().presence().last_beat().await.ok().flatten();
                let (session, resumed, unsent) =
                    match Session::restore(store, paces, Seeds::new(config.seed)).await {
                        Ok(restored) => restored,
                        Err(e) => {
                            return Err(give_up(format!("could not restore the matches: {e}")));
                        }
                    };
                if let Some(ms) = last_seen {
                    session
                        .tournaments().give_tournaments_time_back(ms.to_system_time())
                        .await;
                }
                let session = Arc::new(
                    session
                        .with_season_clock(
                            config
                                .season_length
                                .map_or(SeasonClock::Calendar, SeasonClock::Every),
                        )
                        .with_day_clock(config.daily_length.map_or_else(
                            crate::daily::DayClock::utc,
                            crate::daily::DayClock::every,
                        )),
                );
                let _ = slot.set(Arc::clone(&session));
                // A server's timed tournament start is made by the process of its shard,
                // which holds its sign-up clicks.
                if let (Some(range), Some(shard)) = (config.shard_range, ready.shard) {
                    session
                        .tournaments()
                        .run_shards(crate::session::tournament::Shards {
                            first: range.first.into(),
                            last: range.last.into(),
                            total: shard.total.into(),
                        });
                }
                let data = Data {
                    session: Arc::clone(&session),
                    notes: Arc::default(),
                    replays: Arc::default(),
                    listings: Arc::new(features::r#match::matches::asks()),
                    renderer: Arc::new(crate::render::Renderer::new()),
                    commands: Arc::new(ids),
                    waiting: Arc::default(),
                    tokens: Arc::default(),
                };
                let http = Arc::clone(&ctx.http);
                tasks::spawn_heartbeat(Arc::clone(&session), BEAT_EVERY);
                tasks::spawn_sweeper(Arc::clone(&http), data.clone(), SWEEP_EVERY);
                features::tournament::flow::spawn_stepper(Arc::clone(&http), data.clone());
                tasks::spawn_resume_notes(&http, &data, resumed, unsent, RESUME_PACE);
                tasks::spawn_set_aside_notes(&http, &data, session.take_set_aside(), RESUME_PACE);
                tracing::info!(
                    bot = %ready.user.name,
                    commands = commands.len(),
                    scope = %config.dev_guild_id.map_or("global".to_owned(), |g| format!("guild {g}")),
                    "commands registered; ready"
                );
                Ok(data)
            })
        })
        .build()
}

/// The global event handler: routes button clicks; everything else is ignored for now.
async fn event_handler(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    if let serenity::FullEvent::InteractionCreate {
        interaction: serenity::Interaction::Component(click),
    } = event
    {
        components::handle(framework.serenity_context, framework.user_data, click).await?;
    }
    Ok(())
}

/// Why the bot could not start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Discord refused the token (HTTP 401).
    #[error(
        "Discord rejected DISCORD_TOKEN (401 Unauthorized): copy the bot token again from the \
         developer portal (Bot → Reset Token) into the environment or .env"
    )]
    TokenRejected,
}

/// serenity's HTTP client for `config`: every request gives up after the timeout, so
/// nothing waits forever on Discord; `DISCORD_API_BASE` redirects all requests.
fn http(config: &Config) -> anyhow::Result<serenity::Http> {
    let builder = serenity::HttpBuilder::new(config.token.expose())
        .client(discord::http_client(config.discord_timeout)?);
    Ok(match &config.api_base {
        // serenity only honours a proxy with its rate limiter disabled.
        Some(base) => {
            tracing::info!(%base, "sending Discord REST traffic to another base URL");
            builder
                .proxy(base.clone())
                .ratelimiter_disabled(true)
                .build()
        }
        None => builder.build(),
    })
}

/// Asks Discord who the token belongs to: a rejected token stops the bot at once with
/// [`StartError::TokenRejected`]; other failures only warn (the gateway retries).
async fn check_token(http: &serenity::Http) -> anyhow::Result<Option<u64>> {
    match http.get_current_application_info().await {
        Ok(app) => Ok(Some(app.id.get())),
        Err(e) if discord::status_of(&e).is_some_and(|(status, _)| status == 401) => {
            Err(StartError::TokenRejected.into())
        }
        Err(e) => {
            tracing::warn!(error = %e, "could not check the token with Discord; going on");
            Ok(None)
        }
    }
}

/// The two install links for the token's application (`broadside invite-url`), one a
/// line: add to a server, then add to my apps (a member's own account).
pub async fn invite_url(config: &Config) -> anyhow::Result<String> {
    let http = http(config)?;
    let app = check_token(&http)
        .await?
        .ok_or_else(|| anyhow::anyhow!("Discord did not say which application the token is for"))?;
    Ok(format!(
        "Add to a server: {}\nAdd to my apps:  {}",
        permissions::invite_url(app),
        permissions::user_install_url(app)
    ))
}

/// Connects to Discord and serves until the gateway fails or SIGINT/SIGTERM arrives.
pub async fn run(config: Config) -> anyhow::Result<()> {
    let config = Arc::new(config);
    if config.seed.is_some() {
        tracing::warn!(
            "BROADSIDE_SEED is set: every fleet, first player and salvo order can be \
             predicted. Use it for testing only, never on a public server"
        );
    }
    // A damaged or newer database stops the bot here, before it connects.
    let store = crate::store::open(&config.database_url).await?;
    let slot = SessionSlot::default();
    let http = http(&config)?;
    check_token(&http).await?;
    let gateway = Arc::new(health::Gateway::default());
    if let Some(addr) = config.metrics_addr {
        let prometheus = health::install()?;
        health::serve(addr, Arc::clone(&gateway), Arc::clone(&slot), prometheus).await?;
    }
    let failure = StartupFailure::default();
    let intents = serenity::GatewayIntents::GUILDS;
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .event_handler(health::GatewayWatch(Arc::clone(&gateway)))
        .framework(framework(
            Arc::clone(&config),
            Arc::clone(&failure),
            store,
            Arc::clone(&slot),
        ))
        .await
        .context("could not create the Discord client")?;
    let shards = Arc::clone(&client.shard_manager);
    gateway.watch(Arc::clone(&shards));

    let mut start = std::pin::pin!(async {
        match (config.shards, config.shard_range) {
            (config::Shards::Fixed(n), None) => client.start_shards(n).await,
            (config::Shards::Auto, None) => client.start_autosharded().await,
            (count, Some(range)) => {
                let total = match count {
                    config::Shards::Fixed(n) => n,
                    config::Shards::Auto => client.http.get_bot_gateway().await?.shards,
                };
                if range.last >= total {
                    return Err(serenity::Error::Other(
                        "SHARDS goes past the shard count Discord recommends; \
                         set SHARD_COUNT to a number",
                    ));
                }
                tracing::info!(
                    first = range.first,
                    last = range.last,
                    total,
                    "running some of the shards"
                );
                // serenity 0.12 boots `start..=end` of the range it is given (its
                // `start_connection` counts `end - start + 1` shards): pass the last id as
                // the end. tests/e2e/multi.rs fails if a process starts a shard too many.
                let ids = range.ids();
                client
                    .start_shard_range(ids.start..ids.end - 1, total)
                    .await
            }
        }
    });
    let result = tokio::select! {
        result = &mut start => result,
        signal = shutdown_signal() => {
            tracing::info!(signal, "shutting down");
            shards.shutdown_all().await;
            if let Ok(result) = tokio::time::timeout(SHUTDOWN_GRACE, start).await {
                result
            } else {
                tracing::warn!("shards did not stop in time; exiting anyway");
                Ok(())
            }
        }
    };
    // The last heartbeat: the time until the next start is given back to the players.
    if let Some(session) = slot.get()
        && let Err(e) = session.beat().await
    {
        tracing::warn!(error = %e, "could not record the last heartbeat");
    }
    if let Some(reason) = failure.get() {
        anyhow::bail!("{reason}");
    }
    // The gateway refusing the token (close code 4004) is as final as a REST 401.
    if let Err(serenity::Error::Gateway(serenity::GatewayError::InvalidAuthentication)) = &result {
        return Err(StartError::TokenRejected.into());
    }
    result.context("the Discord connection failed")
}

/// Waits for SIGINT (Ctrl-C) or, on Unix, SIGTERM; returns the signal's name.
async fn shutdown_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = tokio::signal::ctrl_c() => "SIGINT",
                _ = term.recv() => "SIGTERM",
            },
            Err(e) => {
                tracing::warn!(error = %e, "cannot listen for SIGTERM");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    }
}
