//! The fake gateway: HELLO, IDENTIFY, READY, heartbeat ACKs and dispatches.

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::Response;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use super::fake::FakeDiscord;
use super::payloads::{self, validate};

/// Heartbeat interval announced in HELLO, in milliseconds.
const HEARTBEAT_MS: u64 = 41_250;

pub async fn upgrade(State(fake): State<FakeDiscord>, ws: WebSocketUpgrade) -> Response {
    if fake.inner.lock().refuse_gateway {
        use axum::response::IntoResponse as _;
        return axum::http::StatusCode::SERVICE_UNAVAILABLE.into_response();
    }
    ws.on_upgrade(move |socket| session(fake, socket))
}

async fn send(socket: &mut WebSocket, value: &Value) -> bool {
    socket
        .send(Message::Text(value.to_string().into()))
        .await
        .is_ok()
}

/// Reads the next JSON frame; `None` when the connection ends.
async fn next_frame(socket: &mut WebSocket) -> Option<Value> {
    loop {
        match socket.recv().await? {
            Ok(Message::Text(text)) => match serde_json::from_str(text.as_str()) {
                Ok(v) => return Some(v),
                Err(e) => eprintln!("fake gateway: unreadable frame ({e}): {}", text.as_str()),
            },
            Ok(Message::Binary(_)) => eprintln!("fake gateway: ignoring a binary frame"),
            Ok(Message::Close(_)) | Err(_) => return None,
            Ok(Message::Ping(_) | Message::Pong(_)) => {}
        }
    }
}

/// Until IDENTIFY (or RESUME), only heartbeats are answered. Returns whether the session
/// resumes, and the shard it identified as (`[0, 1]` without one).
async fn handshake(fake: &FakeDiscord, socket: &mut WebSocket) -> Option<(bool, (u64, u64))> {
    let inner = &fake.inner;
    let mut resumed = false;
    let mut shard = (0_u64, 1_u64);
    loop {
        let frame = next_frame(socket).await?;
        match frame["op"].as_u64() {
            Some(1) => {
                inner.lock().rec.heartbeats += 1;
                if !send(socket, &json!({"op": 11})).await {
                    return None;
                }
            }
            Some(2) => {
                if let Some([id, total]) = frame["d"]["shard"]
                    .as_array()
                    .and_then(|a| <[Value; 2]>::try_from(a.clone()).ok())
                {
                    shard = (id.as_u64().unwrap_or(0), total.as_u64().unwrap_or(1));
                }
                inner.lock().rec.identifies.push(frame["d"].clone());
                break;
            }
            Some(6) => {
                let mut st = inner.lock();
                st.rec.resumes += 1;
                if let Some(known) = frame["d"]["session_id"]
                    .as_str()
                    .and_then(|id| st.session_shards.get(id))
                {
                    shard = *known;
                }
                drop(st);
                resumed = true;
                break;
            }
            other => eprintln!("fake gateway: unexpected op {other:?} before IDENTIFY"),
        }
    }
    Some((resumed, shard))
}

async fn session(fake: FakeDiscord, mut socket: WebSocket) {
    let inner = &fake.inner;
    if !send(
        &mut socket,
        &json!({"op": 10, "d": {"heartbeat_interval": HEARTBEAT_MS}}),
    )
    .await
    {
        return;
    }
    let Some((resumed, shard)) = handshake(&fake, &mut socket).await else {
        return;
    };

    let (tx, mut rx) = mpsc::unbounded_channel::<(String, Value)>();
    let resume_url = format!("ws://{}/gateway", inner.addr);
    let session_id = {
        let mut st = inner.lock();
        st.sessions += 1;
        let id = format!("fake-session-{}", st.sessions);
        st.session_shards.insert(id.clone(), shard);
        id
    };
    let mut seq = 1_u64;
    let first = if resumed {
        json!({"op": 0, "s": seq, "t": "RESUMED", "d": {}})
    } else {
        let mut ready = payloads::ready(&session_id, &resume_url);
        ready["shard"] = json!([shard.0, shard.1]);
        let st = inner.lock();
        if st.guild_create {
            // Every server of this shard, unavailable until its GUILD_CREATE.
            ready["guilds"] = shard_guilds(&st, shard)
                .into_iter()
                .map(|g| json!({"id": g.to_string(), "unavailable": true}))
                .collect();
        }
        drop(st);
        validate::<serenity::all::Ready>("READY", &ready);
        json!({"op": 0, "s": seq, "t": "READY", "d": ready})
    };
    if !send(&mut socket, &first).await {
        return;
    }
    {
        let mut st = inner.lock();
        // Shard 0 (or the only one) is also "the" gateway of the single-shard helpers.
        if shard.0 == 0 {
            st.gateway = Some(tx.clone());
        }
        st.shard_gateways.insert(shard.0, (shard.1, tx.clone()));
        if !resumed && st.guild_create {
            queue_guilds(&mut st, shard, &tx);
        }
    }
    inner.bump();

    loop {
        tokio::select! {
            frame = next_frame(&mut socket) => {
                let Some(frame) = frame else { break };
                // Heartbeats are answered; presence updates and the like need nothing.
                if frame["op"].as_u64() == Some(1) {
                    inner.lock().rec.heartbeats += 1;
                    inner.bump();
                    if !send(&mut socket, &json!({"op": 11})).await {
                        break;
                    }
                }
            }
            event = rx.recv() => {
                let Some((name, data)) = event else { break };
                if name == super::fake::CLOSE {
                    // A dropped connection: close with a code that allows a resume.
                    let _ = socket
                        .send(Message::Close(Some(axum::extract::ws::CloseFrame {
                            code: 4000,
                            reason: "the fake dropped the connection".into(),
                        })))
                        .await;
                    break;
                }
                seq += 1;
                if !send(&mut socket, &json!({"op": 0, "s": seq, "t": name, "d": data})).await {
                    break;
                }
            }
        }
    }
    let mut st = inner.lock();
    if st.gateway.as_ref().is_some_and(|g| g.same_channel(&tx)) {
        st.gateway = None;
    }
    if st
        .shard_gateways
        .get(&shard.0)
        .is_some_and(|(_, g)| g.same_channel(&tx))
    {
        st.shard_gateways.remove(&shard.0);
    }
}

/// The servers the bot is in whose events go to `shard` (`(id, count)`): READY lists them,
/// and each gets a `GUILD_CREATE` after it.
fn shard_guilds(st: &super::fake::State, shard: (u64, u64)) -> Vec<u64> {
    st.bot_guilds()
        .into_iter()
        .filter(|g| (g >> 22) % shard.1.max(1) == shard.0)
        .collect()
}

/// After READY, each server of `shard`, as Discord lazily loads them: a `GUILD_CREATE`, or
/// during an outage (gateway-events, Guild Create) a `GUILD_DELETE` with `unavailable`
/// set, which keeps the server out of the bot's cache. Queued on `tx` under the lock that
/// makes `tx` the session later server events go to, so none is lost between the two.
fn queue_guilds(
    st: &mut super::fake::State,
    shard: (u64, u64),
    tx: &mpsc::UnboundedSender<(String, Value)>,
) {
    for guild in shard_guilds(st, shard) {
        st.guilds
            .entry(guild)
            .or_insert_with(|| super::world::GuildInfo::new(guild, true));
        let (name, data) = if st.outages.contains(&guild) {
            (
                "GUILD_DELETE",
                json!({"id": guild.to_string(), "unavailable": true}),
            )
        } else {
            ("GUILD_CREATE", st.guild_create_event(guild))
        };
        payloads::validate_dispatch(name, &data);
        st.rec.guild_events.push((name.to_owned(), data.clone()));
        let _ = tx.send((name.to_owned(), data));
    }
}
