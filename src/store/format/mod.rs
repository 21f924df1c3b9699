//! The stored format of a match: a versioned document of the store's own types
//! ([`document`]), separate from the rules' and the session's types in memory.
//!
//! A match (live or finished) is stored in the `state` column as one JSON document. Its
//! version says which reader reads it:
//!
//! - **Version 1** is what builds up to 1e0bdfd wrote: the serde JSON of the session's
//!   `Entry` as it was then, with no version in it. Documents written before rematches
//!   (no `series`, `last_fleets`, `first`), before paces (no `pace`, `limits`, `rated`,
//!   `home`, `reminded`) and before last messages and drafts lack those fields, which read
//!   as their defaults.
//! - **Version 2** ([`CURRENT`]) is version 1 with its version written first
//!   (`{"format":2,…}`), so a later version can be told apart without guessing. Its fields
//!   are those of version 1, byte for byte, and one optional field added since (so no new
//!   version): `tournament`, the round a tournament match is played in, written from
//!   a4da2ac on and only in tournament matches. Absent, it reads as no tournament's; the
//!   matches of a round that was being played at the upgrade lack it, and migration 0014
//!   marks that round so that the sweep steps its tournament without their ends
//!   (`tests/store/format/tournament.rs`).
//!
//! A later build reads both forever. A document of a version this build does not know
//! (written by a newer build) is refused with [`FormatError::Newer`], never guessed at.
//!
//! To change what is stored: copy [`document`] to a module of the old version (its reader),
//! change the types here, raise [`CURRENT`], and convert the old version's document into
//! the new one in [`read`]. The golden tests in `tests/store/format/` fail on any change of
//! the bytes written, on purpose.

pub mod document;

pub use document::Document;

/// The `phase` of a match row set aside because no reader of this build could read its
/// state (`LiveStore::set_aside`): kept, not live, never ended, for a build that reads it.
pub const SET_ASIDE: &str = "unreadable";

/// The `phase` of a match that was set aside when one of its members had their data
/// deleted (`/privacy delete`): its state, which this build could not rename, is dropped,
/// and it is never brought back.
pub const FORGOTTEN: &str = "forgotten";

/// The version this build writes.
pub const CURRENT: u32 = 2;

/// The oldest version this build reads.
pub const OLDEST: u32 = 1;

/// A stored document that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    /// Not a document of any version (broken JSON, a field of the wrong kind).
    #[error("not a stored match of format {version}: {error}")]
    Syntax {
        /// The version it says it is (1 when it says none).
        version: u32,
        /// What the JSON reader found.
        error: serde_json::Error,
    },
    /// Written by a newer build, in a format this build does not know.
    #[error("stored in format {0}, newer than this build reads (up to {CURRENT})")]
    Newer(u32),
    /// A document of a known version whose contents break a rule (a ship that is not one,
    /// a fleet of the other rule set).
    #[error("a stored match of format {version} holds {what}")]
    Invalid {
        /// Its version.
        version: u32,
        /// What is wrong.
        what: String,
    },
}

/// Only the version of a document, read without its contents (so a document of a newer
/// build is told apart from a broken one).
#[derive(serde::Deserialize)]
struct Tag {
    #[serde(default)]
    format: Option<u32>,
}

/// The version `state` says it is (1 when it says none), if it is a JSON object at all.
#[must_use]
pub fn version_of(state: &[u8]) -> Option<u32> {
    let tag: Tag = serde_json::from_slice(state).ok()?;
    Some(tag.format.unwrap_or(1))
}

/// Reads a stored document of any version this build knows, as the current version's
/// types; its `format` says the version it was stored in.
pub fn read(state: &[u8]) -> Result<Document, FormatError> {
    match serde_json::from_slice::<Document>(state) {
        Ok(doc) => match doc.format {
            // Version 2 added only the version: a version 1 document reads as it is.
            None | Some(1) => Ok(Document {
                format: Some(1),
                ..doc
            }),
            Some(CURRENT) => Ok(doc),
            Some(n) if n > CURRENT => Err(FormatError::Newer(n)),
            Some(n) => Err(FormatError::Invalid {
                version: n,
                what: "a version that was never written".to_owned(),
            }),
        },
        Err(error) => {
            let version = version_of(state).unwrap_or(1);
            if version > CURRENT {
                Err(FormatError::Newer(version))
            } else {
                Err(FormatError::Syntax { version, error })
            }
        }
    }
}

/// Writes `doc` in the current version (whatever its own `format` said).
pub fn write(mut doc: Document) -> Result<Vec<u8>, FormatError> {
    doc.format = Some(CURRENT);
    serde_json::to_vec(&doc).map_err(|error| FormatError::Syntax {
        version: CURRENT,
        error,
    })
}
