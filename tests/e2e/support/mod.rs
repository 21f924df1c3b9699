//! Test support: a fake Discord on loopback ([`fake`]) and a handle on the real bot binary
//! ([`process`]). Each e2e test file does `mod support;`.

// Not every test file uses every helper or re-export.
#![expect(dead_code, unused_imports)]

mod channels;
pub mod fake;
mod gateway;
pub mod payloads;
pub mod process;
pub mod read;
mod rest;
pub mod select;
pub mod table;
pub mod world;

pub use fake::{
    Autocompleted, Channel, FakeDiscord, Install, InteractionId, Scope, Sent, SentKind,
    Undelivered, User,
};
pub use payloads::GUILD_ID;
pub use process::BotProcess;
pub use read::{button, first_mention, says};
pub use world::{Role, Target, Thread};
