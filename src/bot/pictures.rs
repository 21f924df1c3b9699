//! Turns engine views into Discord attachments (PNG with alt text).
//!
//! Called only after the registry guard is dropped: the views are owned snapshots. The
//! words inside each picture and its alt text are in the [`Lang`] passed in: the viewer's
//! for private pictures, the server's for public ones.

use poise::serenity_prelude::CreateAttachment;

use crate::game::{OwnBoardView, RevealView, SalvoView, TargetView};
use crate::render::{Renderer, alt};

use super::Error;
use super::i18n::Lang;

fn attach(png: Vec<u8>, filename: &str, alt_text: &str) -> CreateAttachment {
    // Discord limits attachment descriptions to 1024 characters.
    let alt_text: String = alt_text.chars().take(1000).collect();
    CreateAttachment::bytes(png, filename).description(alt_text)
}

fn encode(picture: &crate::render::Picture) -> Result<Vec<u8>, Error> {
    picture
        .to_png()
        .map_err(|e| Error::Internal(anyhow::anyhow!("could not encode a picture: {e}")))
}

/// A player's own board (also the placement preview), with words in `lang`.
pub fn own_board(view: &OwnBoardView, lang: Lang) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().own_board(view, labels))?;
    Ok(attach(png, "your-fleet.png", &alt::own_board(view, labels)))
}

/// The shooter's knowledge of the enemy sea, with words in `lang`.
pub fn target_board(view: &TargetView, lang: Lang) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().target_board(view, labels))?;
    Ok(attach(png, "target.png", &alt::target_board(view, labels)))
}

/// The report icons of one Game 2000 salvo, with words in `lang`.
pub fn salvo_report(salvo: &SalvoView, lang: Lang) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().salvo_report(salvo, labels))?;
    Ok(attach(png, "report.png", &alt::salvo_report(salvo, labels)))
}

/// Both fleets and every shot, with the result, with words in `lang`.
pub fn reveal(
    view: &RevealView,
    names: &[String; 2],
    lang: Lang,
) -> Result<CreateAttachment, Error> {
    let labels = lang.labels();
    let png = encode(&Renderer::shared().reveal(view, names, labels))?;
    Ok(attach(png, "reveal.png", &alt::reveal(view, names, labels)))
}
