//! Where match seeds come from: fixed by `BROADSIDE_SEED` for replays, else random.

use std::sync::Mutex;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The source of match seeds: fixed by `BROADSIDE_SEED` for replays, else random.
#[derive(Debug)]
pub struct Seeds(Mutex<ChaCha8Rng>);

impl Seeds {
    /// Seeds drawn from `seed`, or from the operating system when `None`.
    #[must_use]
    pub fn new(seed: Option<u64>) -> Self {
        let rng = match seed {
            Some(s) => ChaCha8Rng::seed_from_u64(s),
            None => ChaCha8Rng::from_rng(&mut rand::rng()),
        };
        Seeds(Mutex::new(rng))
    }

    /// The next match seed.
    pub fn next(&self) -> u64 {
        // A poisoned lock only means another thread panicked mid-draw; the RNG is still usable.
        let mut rng = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        rng.next_u64()
    }
}
