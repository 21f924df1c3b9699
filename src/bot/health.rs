//! Health and metrics for admins, off by default: `METRICS_ADDR` serves `/healthz` (200
//! only while the gateway is connected and the store answers, else 503 with the reason)
//! and `/metrics` in Prometheus' text format.
//!
//! Metrics (all prefixed `broadside_`):
//! * `live_matches{phase, variant}` — gauge, read from the live matches at each scrape;
//! * `commands_total{command, result}` — `result` is `ok`, `refused` (the player's error) or
//!   `failed` (ours); buttons count as `button:<action>`;
//! * `command_seconds{command}` — histogram of the time to handle a command;
//! * `discord_errors_total{status}` — failed REST calls by HTTP status (`none`: no answer);
//! * `gateway_reconnects_total` — gateway sessions after the first (identify or resume);
//! * `store_write_seconds` — histogram of one write of a match change.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use poise::serenity_prelude as serenity;

use crate::game::PhaseKind;

/// Where the framework's setup leaves the session, for the health check and the last
/// heartbeat at shutdown.
pub(crate) type SessionSlot =
    std::sync::Arc<std::sync::OnceLock<std::sync::Arc<crate::session::Session>>>;

/// How long `/healthz` waits for the store to answer.
const STORE_PING: Duration = Duration::from_secs(2);

/// What the gateway is doing: sessions counted by [`GatewayWatch`], and the shards'
/// connection stages read from serenity's shard manager.
#[derive(Default)]
pub struct Gateway {
    sessions: AtomicU64,
    /// Shards that have had a session (a shard's later sessions are reconnects).
    started_shards: std::sync::Mutex<std::collections::HashSet<u32>>,
    shards: std::sync::OnceLock<Arc<serenity::ShardManager>>,
}

impl Gateway {
    /// Lets the health check read the shards' connection stages.
    pub fn watch(&self, shards: Arc<serenity::ShardManager>) {
        let _ = self.shards.set(shards);
    }

    /// Whether every shard's gateway connection is up.
    pub async fn connected(&self) -> bool {
        let Some(shards) = self.shards.get() else {
            return false;
        };
        let runners = shards.runners.lock().await;
        !runners.is_empty()
            && runners
                .values()
                .all(|r| r.stage == serenity::ConnectionStage::Connected)
    }

    /// A session of `shard` began: its first is a start, any later one a reconnect.
    fn session_started(&self, shard: u32) {
        let first = self
            .started_shards
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .insert(shard);
        self.sessions.fetch_add(1, Ordering::Relaxed);
        if !first {
            metrics::counter!("broadside_gateway_reconnects_total").increment(1);
        }
    }
}

/// A serenity event handler that counts gateway sessions (identify or resume).
pub struct GatewayWatch(pub Arc<Gateway>);

#[serenity::async_trait]
impl serenity::EventHandler for GatewayWatch {
    async fn ready(&self, ctx: serenity::Context, _: serenity::Ready) {
        self.0.session_started(ctx.shard_id.0);
    }

    async fn resume(&self, ctx: serenity::Context, _: serenity::ResumedEvent) {
        self.0.session_started(ctx.shard_id.0);
    }
}

/// Installs the Prometheus recorder (once per process) and returns its handle.
pub fn install() -> anyhow::Result<PrometheusHandle> {
    Ok(PrometheusBuilder::new()
        .set_buckets(&[
            0.000_5, 0.001, 0.002_5, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
        ])?
        .install_recorder()?)
}

#[derive(Clone)]
struct Served {
    gateway: Arc<Gateway>,
    session: SessionSlot,
    prometheus: PrometheusHandle,
}

/// Serves `/healthz` and `/metrics` on `addr` in the background. Fails at once if the
/// address cannot be bound.
pub async fn serve(
    addr: SocketAddr,
    gateway: Arc<Gateway>,
    session: SessionSlot,
    prometheus: PrometheusHandle,
) -> anyhow::Result<()> {
    let app = axum::Router::new()
        .route("/healthz", axum::routing::get(healthz))
        .route("/metrics", axum::routing::get(metrics_text))
        .with_state(Served {
            gateway,
            session,
            prometheus,
        });
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("METRICS_ADDR {addr}: cannot listen there: {e}"))?;
    tracing::info!(%addr, "serving /healthz and /metrics");
    tokio::spawn(async move {
        if let Err(e) = axum::serve(listener, app).await {
            tracing::error!(error = %e, "the metrics server stopped");
        }
    });
    Ok(())
}

async fn healthz(State(s): State<Served>) -> impl IntoResponse {
    if !s.gateway.connected().await {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "gateway disconnected\n".to_owned(),
        );
    }
    let Some(session) = s.session.get() else {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "starting: matches not restored yet\n".to_owned(),
        );
    };
    match tokio::time::timeout(STORE_PING, session.store().presence().ping()).await {
        Ok(Ok(())) => (StatusCode::OK, "ok\n".to_owned()),
        Ok(Err(e)) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("store failing: {e}\n"),
        ),
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "store not answering\n".to_owned(),
        ),
    }
}

async fn metrics_text(State(s): State<Served>) -> impl IntoResponse {
    if let Some(session) = s.session.get() {
        let census = tokio::time::timeout(STORE_PING, session.census())
            .await
            .unwrap_or_default();
        for ((phase, variant), n) in census {
            let phase = match phase {
                PhaseKind::Challenge => "challenge",
                PhaseKind::Placement => "placement",
                PhaseKind::Battle => "battle",
                PhaseKind::Finished => "finished",
            };
            #[expect(clippy::cast_precision_loss)] // counts of matches stay far below 2^52
            metrics::gauge!("broadside_live_matches", "phase" => phase, "variant" => variant.key())
                .set(n as f64);
        }
    }
    (
        [("content-type", "text/plain; version=0.0.4")],
        s.prometheus.render(),
    )
}
