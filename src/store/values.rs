//! The store's own values at its seams: a moment ([`Timestamp`]) and a match's stored state
//! ([`StoredState`]), so that neither is a bare number or a bare byte string.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

/// A moment, as the store keeps times: milliseconds since the Unix epoch (an `INTEGER` /
/// `BIGINT` column).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Timestamp(pub i64);

impl Timestamp {
    /// The Unix epoch.
    pub const EPOCH: Timestamp = Timestamp(0);

    /// The moment `ms` milliseconds after the Unix epoch.
    #[must_use]
    pub const fn from_millis(ms: i64) -> Self {
        Timestamp(ms)
    }

    /// Milliseconds since the Unix epoch.
    #[must_use]
    pub const fn millis(self) -> i64 {
        self.0
    }

    /// `time`, to the millisecond (a time before the epoch is the epoch; one past
    /// `i64::MAX` milliseconds is that).
    #[must_use]
    pub fn of(time: SystemTime) -> Self {
        let ms = time
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
        Timestamp(ms)
    }

    /// The moment as a [`SystemTime`] (one before the epoch is the epoch).
    #[must_use]
    pub fn to_system_time(self) -> SystemTime {
        UNIX_EPOCH + Duration::from_millis(u64::try_from(self.0).unwrap_or(0))
    }

    /// `by` earlier (saturating).
    #[must_use]
    pub fn before(self, by: Duration) -> Self {
        Timestamp(
            self.0
                .saturating_sub(i64::try_from(by.as_millis()).unwrap_or(i64::MAX)),
        )
    }

    /// `by` later (saturating).
    #[must_use]
    pub fn after(self, by: Duration) -> Self {
        Timestamp(
            self.0
                .saturating_add(i64::try_from(by.as_millis()).unwrap_or(i64::MAX)),
        )
    }
}

impl From<SystemTime> for Timestamp {
    fn from(time: SystemTime) -> Self {
        Timestamp::of(time)
    }
}

impl std::fmt::Display for Timestamp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ms", self.0)
    }
}

/// A match's whole state as stored (a document of the stored format, [`super::format`]):
/// opaque to the store, which keeps and hands back its bytes unchanged.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StoredState(Vec<u8>);

impl StoredState {
    /// The state with these bytes.
    #[must_use]
    pub fn new(bytes: Vec<u8>) -> Self {
        StoredState(bytes)
    }

    /// Its bytes.
    #[must_use]
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    /// Its bytes, owned.
    #[must_use]
    pub fn into_bytes(self) -> Vec<u8> {
        self.0
    }
}

impl From<Vec<u8>> for StoredState {
    fn from(bytes: Vec<u8>) -> Self {
        StoredState(bytes)
    }
}

impl AsRef<[u8]> for StoredState {
    fn as_ref(&self) -> &[u8] {
        &self.0
    }
}

/// Read as its bytes, as a `String` is read as a `str`.
impl std::ops::Deref for StoredState {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.0
    }
}

// Both values bind and read as what they wrap (a BIGINT, a BLOB / BYTEA), on either
// database: the columns and the stored bytes are what they were before the types.
macro_rules! as_sql {
    ($ty:ident, $inner:ty) => {
        impl<DB: sqlx::Database> sqlx::Type<DB> for $ty
        where
            $inner: sqlx::Type<DB>,
        {
            fn type_info() -> DB::TypeInfo {
                <$inner as sqlx::Type<DB>>::type_info()
            }

            fn compatible(ty: &DB::TypeInfo) -> bool {
                <$inner as sqlx::Type<DB>>::compatible(ty)
            }
        }

        impl<'q, DB: sqlx::Database> sqlx::Encode<'q, DB> for $ty
        where
            $inner: sqlx::Encode<'q, DB>,
        {
            fn encode_by_ref(
                &self,
                buf: &mut <DB as sqlx::Database>::ArgumentBuffer<'q>,
            ) -> Result<sqlx::encode::IsNull, sqlx::error::BoxDynError> {
                <$inner as sqlx::Encode<'q, DB>>::encode_by_ref(&self.0, buf)
            }
        }

        impl<'r, DB: sqlx::Database> sqlx::Decode<'r, DB> for $ty
        where
            $inner: sqlx::Decode<'r, DB>,
        {
            fn decode(
                value: <DB as sqlx::Database>::ValueRef<'r>,
            ) -> Result<Self, sqlx::error::BoxDynError> {
                <$inner as sqlx::Decode<'r, DB>>::decode(value).map($ty)
            }
        }
    };
}

as_sql!(Timestamp, i64);
as_sql!(StoredState, Vec<u8>);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_timestamp_is_its_milliseconds() {
        let t = UNIX_EPOCH + Duration::from_millis(1_234_567);
        assert_eq!(Timestamp::of(t), Timestamp(1_234_567));
        assert_eq!(Timestamp(1_234_567).to_system_time(), t);
        assert_eq!(
            Timestamp(1_000).before(Duration::from_secs(2)),
            Timestamp(-1_000)
        );
        assert_eq!(
            Timestamp(1_000).after(Duration::from_secs(2)),
            Timestamp(3_000)
        );
        assert_eq!(
            Timestamp::of(UNIX_EPOCH - Duration::from_secs(1)),
            Timestamp::EPOCH
        );
    }
}
