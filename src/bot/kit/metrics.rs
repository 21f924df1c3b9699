//! The counters the bot keeps for `/metrics` (see `health`): commands and buttons by
//! result and time, and failed calls to Discord by status.

use poise::serenity_prelude as serenity;

/// Counts a command (or button) by name and result, with its duration.
pub fn command_done(command: &str, result: &'static str, seconds: Option<f64>) {
    metrics::counter!("broadside_commands_total", "command" => command.to_owned(), "result" => result)
        .increment(1);
    if let Some(seconds) = seconds {
        metrics::histogram!("broadside_command_seconds", "command" => command.to_owned())
            .record(seconds);
    }
}

/// Counts a failed REST call by HTTP status (`none` when no answer came).
pub fn discord_error(error: &serenity::Error) {
    let status = crate::bot::kit::discord::status_of(error)
        .map_or_else(|| "none".to_owned(), |(status, _)| status.to_string());
    metrics::counter!("broadside_discord_errors_total", "status" => status).increment(1);
}
