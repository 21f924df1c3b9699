//! The schema migrations, compiled in (by `build.rs`), as sqlx's migrator runs them.
//!
//! Each migration is what `sqlx::migrate!` would make of its file: the version and the
//! description from the name, the SQL as written, its checksum (SHA-384 of the SQL, which
//! sqlx compares with what a database already ran), and no transaction only where the file
//! starts with `-- no-transaction`. A database migrated by an earlier build therefore
//! reads as up to date.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationType, Migrator};

mod files {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

/// The SQLite migrations (`migrations/sqlite`).
#[must_use]
pub fn sqlite() -> Migrator {
    migrator(files::SQLITE)
}

/// The PostgreSQL migrations (`migrations/postgres`).
#[must_use]
pub fn postgres() -> Migrator {
    migrator(files::POSTGRES)
}

fn migrator(files: &'static [(i64, &'static str, &'static str)]) -> Migrator {
    Migrator {
        migrations: files
            .iter()
            .map(|&(version, description, sql)| {
                Migration::new(
                    version,
                    Cow::Borrowed(description),
                    MigrationType::Simple,
                    Cow::Borrowed(sql),
                    sql.starts_with("-- no-transaction"),
                )
            })
            .collect(),
        ..Migrator::DEFAULT
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The list is complete and in order: versions rise, none is missing from either
    /// back-end, and each names its file's description.
    #[test]
    fn both_backends_list_their_migrations_in_order() {
        for (m, dir) in [(sqlite(), "sqlite"), (postgres(), "postgres")] {
            let versions: Vec<i64> = m.iter().map(|m| m.version).collect();
            assert!(
                versions.windows(2).all(|w| w[0] < w[1]),
                "{dir}: {versions:?}"
            );
            let on_disk =
                std::fs::read_dir(format!("{}/migrations/{dir}", env!("CARGO_MANIFEST_DIR")))
                    .expect("the directory")
                    .filter(|e| {
                        e.as_ref()
                            .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "sql"))
                    })
                    .count();
            assert_eq!(versions.len(), on_disk, "{dir}");
            let first = m.iter().next().expect("a first migration");
            assert_eq!((first.version, first.description.as_ref()), (1, "matches"));
            assert_eq!(first.checksum.len(), 48, "SHA-384");
        }
    }
    /// Every migration that the last build with `sqlx::migrate!` (68b9f7a) ran and recorded
    /// is still here, first and unchanged, on both back-ends: same version, description and
    /// checksum, so a database it migrated reads as up to date. The figures are its `_sqlx_migrations`
    /// rows (`tests/fixtures/migrated/68b9f7a.json`, dumped from the databases it made).
    #[test]
    fn every_migration_is_the_one_sqlx_migrate_recorded() {
        let recorded: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/fixtures/migrated/68b9f7a.json"))
                .expect("JSON");
        for (m, dir) in [(sqlite(), "sqlite"), (postgres(), "postgres")] {
            let ours: Vec<(i64, String, String)> = m
                .iter()
                .map(|m| {
                    let hex = m.checksum.iter().fold(String::new(), |mut hex, b| {
                        use std::fmt::Write as _;
                        write!(hex, "{b:02x}").expect("a String takes it");
                        hex
                    });
                    (m.version, m.description.to_string(), hex)
                })
                .collect();
            let theirs: Vec<(i64, String, String)> = recorded["migrations"][dir]
                .as_array()
                .expect("rows")
                .iter()
                .map(|r| {
                    assert_eq!(r["success"], true, "{dir}: {r}");
                    (
                        r["version"].as_i64().expect("a version"),
                        r["description"].as_str().expect("a description").to_owned(),
                        r["checksum"].as_str().expect("a checksum").to_owned(),
                    )
                })
                .collect();
            // Later migrations come after these; these never change.
            assert!(ours.len() >= theirs.len(), "{dir}: {ours:?}");
            assert_eq!(ours[..theirs.len()], theirs[..], "{dir}");
        }
    }
}
