//! The daily sea: one hidden fleet a day for everyone, per rule set, sunk in as few shots
//! as one can.
//!
//! Everything here is pure and deterministic:
//!
//! * [`clock`] — which day it is: a UTC calendar day, or (testing only) a day of any length;
//! * [`Secret`] — the bot's own key, made once and kept in its database;
//! * [`DailySea::of`] — the day's fleet, placed as the hard computer hides its own
//!   ([`broadside_ai::placement::hard_fleet`]), and its par: what the hard computer needs to
//!   sink it. Both follow from (secret, rules, day) alone, through a keyed hash, so every
//!   process computes the same sea, and nobody without the secret can compute tomorrow's;
//! * [`attempt`] — one member's attempt: shots under the rule set's own rules
//!   ([`Sea::resolve`]), a repeated cell refused and not counted.
//!
//! ```
//! use broadside_daily::{Attempt, DailySea, Day, Secret};
//! use broadside_game::Variant;
//!
//! let secret = Secret::from_bytes(&[7; 32])?;
//! let fleet = DailySea::fleet_of(&secret, Variant::Classic, Day(20_000));
//! // The same inputs give the same sea.
//! assert_eq!(fleet, DailySea::fleet_of(&secret, Variant::Classic, Day(20_000)));
//! let mut attempt = Attempt::new(fleet);
//! let volley = attempt.fire(&["A1".parse()?])?;
//! assert_eq!(volley.reports.len(), 1);
//! assert_eq!(attempt.shots(), 1);
//! // A cell already fired at is refused and not counted.
//! assert!(attempt.fire(&["A1".parse()?]).is_err());
//! assert_eq!(attempt.shots(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod attempt;
pub mod clock;

use std::fmt;

use broadside_ai::{Difficulty, opponent, placement::hard_fleet};
use broadside_game::{Fleet, Sea, TargetView, Variant};
use hmac::{Hmac, Mac};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use sha2::Sha256;

pub use attempt::{Attempt, FireError, Mark, Volley};
pub use clock::{Day, DayClock};

/// Bytes in a [`Secret`].
pub const SECRET_LEN: usize = 32;

/// The bot's own key for the daily seas: made at its first start, kept in its database and
/// shared by all its processes. Without it, nobody can compute a day's fleet.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret([u8; SECRET_LEN]);

/// Stored bytes that are not a [`Secret`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a daily secret is {SECRET_LEN} bytes, not {0}")]
pub struct BadSecret(pub usize);

impl Secret {
    /// A secret from its stored bytes.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, BadSecret> {
        <[u8; SECRET_LEN]>::try_from(bytes)
            .map(Secret)
            .map_err(|_| BadSecret(bytes.len()))
    }

    /// A new secret drawn from `rng` (give it a cryptographic generator seeded from the
    /// operating system).
    #[must_use]
    pub fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> Self {
        let mut bytes = [0u8; SECRET_LEN];
        rng.fill_bytes(&mut bytes);
        Secret(bytes)
    }

    /// The bytes to store.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8; SECRET_LEN] {
        &self.0
    }

    /// The seed of `purpose` for `variant` on `day`: HMAC-SHA-256 keyed with the secret.
    fn seed(&self, purpose: &str, variant: Variant, day: Day) -> [u8; 32] {
        let mut mac =
            Hmac::<Sha256>::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        for part in [
            b"broadside daily v1".as_slice(),
            purpose.as_bytes(),
            variant.key().as_bytes(),
        ] {
            mac.update(part);
            mac.update(&[0]);
        }
        mac.update(&day.0.to_be_bytes());
        mac.finalize().into_bytes().into()
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never in a log.
        f.write_str("Secret(..)")
    }
}

/// One day's sea for one rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DailySea {
    /// The rule set.
    pub variant: Variant,
    /// The day.
    pub day: Day,
    /// The hidden fleet (never shown before the day is over).
    pub fleet: Fleet,
    /// The shots (Game 2000: turns) the hard computer needs to sink it.
    pub par: u32,
}

impl DailySea {
    /// The sea of `variant` on `day`: its fleet and its par.
    ///
    /// Finding the par plays a whole game of the hard computer (tens of milliseconds in
    /// classic, more in Game 2000): compute it once a day and keep it.
    #[must_use]
    pub fn of(secret: &Secret, variant: Variant, day: Day) -> Self {
        let fleet = Self::fleet_of(secret, variant, day);
        let par = par_of(secret, &fleet, day);
        DailySea {
            variant,
            day,
            fleet,
            par,
        }
    }

    /// Only the fleet of `variant` on `day` (cheap: no game is played).
    #[must_use]
    pub fn fleet_of(secret: &Secret, variant: Variant, day: Day) -> Fleet {
        let mut rng = ChaCha8Rng::from_seed(secret.seed("fleet", variant, day));
        hard_fleet(variant, &mut rng)
    }
}

/// The shots (Game 2000: turns) the hard computer needs to sink `fleet`, playing with the
/// generator of (secret, rules, day).
fn par_of(secret: &Secret, fleet: &Fleet, day: Day) -> u32 {
    let variant = fleet.variant();
    let mut rng = ChaCha8Rng::from_seed(secret.seed("par", variant, day));
    let mut shooter = opponent(Difficulty::Hard);
    let mut sea = Sea::new(fleet.clone());
    let mut volleys = 0u32;
    // Every cell once is always enough; the bound only guards against a shooter's bug.
    let bound = u32::from(variant.size()) * u32::from(variant.size());
    while !sea.all_sunk() && volleys < bound {
        volleys += 1;
        let cells = shooter.choose(&TargetView::of_sea(&sea), &mut rng);
        for cell in cells {
            sea.resolve(cell, volleys);
        }
    }
    volleys
}

#[cfg(test)]
mod tests;
