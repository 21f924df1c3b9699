//! Compiles the schema migrations in: `OUT_DIR/migrations.rs` lists each back-end's
//! migrations (`migrations/sqlite`, `migrations/postgres`) in order, as `sqlx::migrate!`
//! would read them, with the SQL included from its file. `src/store/migrations.rs` builds
//! the migrator from that list, so the crate needs no SQL macros (and none of the second,
//! host-side build of sqlx that they cost). The crate is rebuilt when a migration changes.

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    let root = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let mut out = String::new();
    for (name, dir) in [("SQLITE", "sqlite"), ("POSTGRES", "postgres")] {
        let dir = Path::new(&root).join("migrations").join(dir);
        println!("cargo:rerun-if-changed={}", dir.display());
        let mut files: Vec<(i64, String, String)> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|entry| {
                let path = entry.expect("a directory entry").path();
                let file = path.file_name()?.to_str()?.to_owned();
                // <version>_<description>.sql, as sqlx names them.
                let (version, rest) = file.split_once('_')?;
                let description = rest.strip_suffix(".sql")?;
                assert!(
                    Path::new(description).extension().is_none(),
                    "{file}: reversible migrations (.up.sql, .down.sql) are not supported"
                );
                let version = version
                    .parse()
                    .unwrap_or_else(|_| panic!("{file}: the name must start with a number"));
                Some((
                    version,
                    description.replace('_', " "),
                    path.display().to_string(),
                ))
            })
            .collect();
        files.sort();
        writeln!(
            out,
            "/// The {dir} migrations: version, description, SQL.",
            dir = dir.display()
        )
        .expect("a String takes writes");
        writeln!(out, "pub const {name}: &[(i64, &str, &str)] = &[").expect("writes");
        for (version, description, path) in files {
            writeln!(
                out,
                "    ({version}, {description:?}, include_str!({path:?})),"
            )
            .expect("writes");
        }
        writeln!(out, "];").expect("writes");
    }
    let dest =
        Path::new(&std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("migrations.rs");
    std::fs::write(&dest, out).unwrap_or_else(|e| panic!("{}: {e}", dest.display()));
}
