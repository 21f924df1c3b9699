//! Tests of the pure cores through their public API: the rules (scripted and property
//! tests), the pictures (golden files and properties) and replays. Part of the one test
//! binary (`tests/suite.rs`).

mod scenes;

mod game_props;
mod game_scripted;
mod render;
mod render_emoji;
mod render_golden;
mod render_stats;
mod replay;
