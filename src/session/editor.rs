//! The placement editor's operations: one click, one change of the player's stored draft.
//!
//! The draft ([`Draft`]) lives in the match's entry ([`Entry::drafts`]), so an editor
//! keeps working after a restart. It starts from the player's current fleet (a fleet set
//! otherwise — Shuffle, `/place`, Last fleet — replaces the draft); once every
//! ship is placed it *is* the player's fleet (set as it changes), so Ready, `/board` and
//! the battle see what the editor shows. A refused click changes nothing and writes
//! nothing: it comes back as [`Editing::refused`] with the draft as it is.

use crate::game::editor::{Cursor, Draft, EditError};
use crate::game::{Orientation, PhaseKind, PlacementError, PlayerId, Variant};

use super::engine::Step;
use super::entry::Entry;
use super::error::SessionError;
use super::ids::{ChannelKey, Locate, MatchId};
use super::preview::fleet_tag;
use super::services::Matches;

/// What one click in the editor does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditStep {
    /// Show the editor (the preview's Edit button): the stored draft, or the fleet.
    Open,
    /// Only move the cursor (a ship, a column or a row picked).
    Aim,
    /// Put the selected ship with its bow on the cursor's cell, running this way.
    Place(Orientation),
    /// Take the selected ship off the sea.
    Remove,
    /// Place the ships left at random around the placed ones.
    RandomRest,
    /// Take every ship off the sea.
    Clear,
    /// Make the fleet final: refused while ships are missing (a complete fleet is made
    /// final by the preview's own Ready, which the editor then shows).
    Ready,
}

/// The editor after a click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editing {
    /// The match.
    pub id: MatchId,
    /// Whose editor it is.
    pub player: PlayerId,
    /// Where the match is played.
    pub channel: ChannelKey,
    /// The draft as it is now (unchanged by a refusal).
    pub draft: Draft,
    /// Why the click was refused, if it was.
    pub refused: Option<EditError>,
    /// With every ship placed: the fingerprint the preview's Ready carries for this fleet.
    pub ready_tag: Option<String>,
}

impl Editing {
    /// The rule set.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.draft.variant()
    }
}

impl Matches<'_> {
    /// One click of `by` in the editor of match `id`: the cursor as the clicked message
    /// showed it (`None`: as stored), then `step`. A change of the draft is stored before
    /// this returns; a cursor move ([`EditStep::Aim`]) and a refused click store nothing
    /// (the cursor rides in the editor's controls).
    pub async fn edit(
        self,
        id: MatchId,
        by: PlayerId,
        cursor: Option<Cursor>,
        step: EditStep,
    ) -> Result<Editing, SessionError> {
        self.session
            .step(Locate::Id(id), SessionError::Stale, move |e, change| {
                e.in_time(change.now)?;
                let (mut draft, side) = draft_of(e, by)?;
                let step_done = match cursor {
                    Some(cursor) => draft.set_cursor(cursor),
                    None => Ok(()),
                }
                .and_then(|()| match step {
                    EditStep::Open | EditStep::Aim => Ok(()),
                    EditStep::Place(o) => draft.place(o).map(|_| ()),
                    EditStep::Remove => draft.remove().map(|_| ()),
                    EditStep::Clear => {
                        draft.clear();
                        Ok(())
                    }
                    EditStep::RandomRest => match e.game.placement_rng(by) {
                        Ok(rng) => draft.fill(rng),
                        // `draft_of` has checked that the fleet is not final.
                        Err(_) => Err(EditError::AllPlaced),
                    },
                    EditStep::Ready => draft.fleet().map(|_| ()),
                });
                let variant = e.game.variant();
                let ready_tag = match draft.fleet() {
                    Ok(fleet) => {
                        let tag = fleet_tag(&fleet);
                        if step_done.is_ok()
                            && e.game.placed_fleet(by).map(|(f, _)| f) != Some(&fleet)
                        {
                            e.game
                                .set_fleet(by, fleet)
                                .map_err(|err| SessionError::rules(variant, err))?;
                        }
                        Some(tag)
                    }
                    Err(_) => None,
                };
                let editing = Editing {
                    id: e.id,
                    player: by,
                    channel: e.post_channel(),
                    draft,
                    refused: None,
                    ready_tag,
                };
                if let Err(error) = step_done {
                    // What the player has as the stored draft, with the cursor they see.
                    return Ok(Step::Unchanged(Editing {
                        refused: Some(error),
                        ..editing
                    }));
                }
                if step == EditStep::Aim {
                    // Only the cursor moved, and the clicked message's controls carry it.
                    return Ok(Step::Unchanged(editing));
                }
                e.drafts[side] = Some(Box::new(editing.draft.clone()));
                Ok(Step::Changed(editing))
            })
            .await
            .map(|(editing, _)| editing)
    }
}

/// `by`'s draft in `e` and their seat: the stored one, or one made from their current
/// fleet when there is none or the fleet changed since it was complete. (Shuffle, a typed
/// or random `/place` and Last fleet drop the stored draft, so the editor opened on their
/// preview starts from the fleet it shows.) Refused unless `by` plays and is placing a
/// fleet that is not final.
fn draft_of(e: &Entry, by: PlayerId) -> Result<(Draft, usize), SessionError> {
    let variant = e.game.variant();
    let side = e.game.side_of(by).ok_or(SessionError::NotYourButton)?;
    let fleet = match (e.game.phase_kind(), e.game.placed_fleet(by)) {
        (PhaseKind::Placement, Some((_, true))) => {
            return Err(SessionError::rules(variant, PlacementError::AlreadyReady));
        }
        (PhaseKind::Placement, placed) => placed.map(|(f, _)| f),
        (PhaseKind::Challenge, _) => {
            return Err(SessionError::rules(
                variant,
                PlacementError::NotPlacing(PhaseKind::Challenge),
            ));
        }
        (PhaseKind::Battle | PhaseKind::Finished, _) => return Err(SessionError::BattleBegun),
    };
    let stored = e.drafts[side.index()]
        .as_deref()
        .filter(|d| d.variant() == variant && d.fleet().map_or(true, |f| Some(&f) == fleet));
    let draft = match (stored, fleet) {
        (Some(d), _) => d.clone(),
        (None, Some(f)) => Draft::from_fleet(f),
        (None, None) => Draft::new(variant),
    };
    Ok((draft, side.index()))
}
