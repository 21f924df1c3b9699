//! What a failed call to Discord means: whether it was refused, may have arrived anyway,
//! or may work when tried again. Every call goes through serenity's HTTP client, built
//! here with a time limit.

use std::time::Duration;

use poise::serenity_prelude as serenity;
use serenity::HttpError;

/// Discord's JSON error code for a permission the bot lacks.
pub const MISSING_PERMISSIONS: isize = 50013;

/// The HTTP client for serenity: every request gives up after `timeout`.
pub fn http_client(timeout: Duration) -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .timeout(timeout)
        .connect_timeout(timeout)
        .use_rustls_tls()
        .build()?)
}

/// The HTTP status and Discord error code of a failed request, if it got an answer.
#[must_use]
pub fn status_of(error: &serenity::Error) -> Option<(u16, isize)> {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            Some((r.status_code.as_u16(), r.error.code))
        }
        _ => None,
    }
}

/// Whether a failed request may still have been carried out: a 4xx is a refusal, but a
/// 5xx or no answer at all may hide work that was done (so look before repeating it).
#[must_use]
pub fn may_have_arrived(error: &serenity::Error) -> bool {
    status_of(error).is_none_or(|(status, _)| status >= 500)
}

/// Whether trying the same request again may work: a server error, a rate limit, or no
/// answer at all (a timeout or a broken connection).
#[must_use]
pub fn is_transient(error: &serenity::Error) -> bool {
    match error {
        serenity::Error::Http(HttpError::UnsuccessfulRequest(r)) => {
            let s = r.status_code.as_u16();
            s == 429 || s >= 500
        }
        serenity::Error::Http(HttpError::Request(_)) => true,
        _ => false,
    }
}
