//! The rules of sea battle, pure: no Discord, no async, no pictures.
//!
//! * [`coord`] — cells (`C4`) and cell sets;
//! * [`complete`] — completing typed targets from the shooter's own shots;
//! * [`variant`] — the two rule sets as data;
//! * [`fleet`] — ships and fleets that are valid by construction;
//! * [`editor`] — a fleet placed ship by ship (the placement editor's model);
//! * [`random`] — random valid fleets;
//! * [`sea`] — shot resolution against one fleet;
//! * [`state`] — the match state machine;
//! * [`view`] — what each viewer may see;
//! * [`replay`] — a finished match again, move by move.
//!
//! The documentation of [`Match`] plays a match a few moves, [`Match::fire`] a
//! Game 2000 salvo; [`Fleet`] and [`Coord`] show fleet strings and cells. The
//! rules themselves are written out in `docs/RULES.md`.

pub mod complete;
pub mod coord;
pub mod editor;
pub mod fleet;
pub mod random;
pub mod replay;
pub mod sea;
pub mod state;
pub mod variant;
pub mod view;

pub use coord::{CellSet, Coord, CoordError, parse_cells};
pub use fleet::{Fleet, FleetError, Orientation, PlacementProblem, Ship, ShipError};
pub use replay::{Move, Replay, Step};
pub use sea::{Report, Sea, ShotRecord};
pub use state::{
    AnswerError, BattleParts, ChallengeError, Confirmed, EndError, Ending, FireError, FireOutcome,
    Match, MatchParts, Next, Phase, PhaseKind, PlacementError, PlayerId, PlayerStats, Seat, Side,
    WinReason,
};
pub use variant::{MatchOptions, RepeatShots, ReportStyle, Rules, ShipClass, Variant};
pub use view::{
    OwnBoardView, OwnCell, RevealView, SalvoView, ShipView, ShipsLeft, TargetCell, TargetView,
};
