//! Tests of the pure cores through their public API: the rules (scripted and property
//! tests), the pictures (golden files and properties) and replays. Part of the one test
//! binary (`tests/suite.rs`).

mod scenes;

use std::sync::LazyLock;

use broadside::render::Renderer;

/// One renderer for the pictures' tests, built on first use (it loads the fonts), so its
/// caches serve every test as the bot's one renderer serves every picture.
pub fn renderer() -> &'static Renderer {
    static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);
    &RENDERER
}

mod alt_play;
mod game_props;
mod game_scripted;
mod render;
mod render_emoji;
mod render_golden;
mod render_stats;
mod replay;
