//! The binary's command line and exit codes (issue 30, 10–12): help and version without
//! a token, unknown commands refused by name, and the store problems that no restart can
//! mend ending with exit code 2 and a message that says what to do.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::pg;

/// A directory of one test, removed at the end.
struct Dir(PathBuf);

impl Dir {
    fn new(name: &str) -> Self {
        let dir = std::env::temp_dir().join(format!("broadside-cli-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    fn files(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for Dir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Runs the binary in `dir` with only `env` set: its exit code, stdout and stderr.
fn run(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_broadside"))
        .args(args)
        .env_clear()
        .envs(env.iter().copied())
        .current_dir(dir)
        .output()
        .expect("run the binary");
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Runs the bot itself, with a token and no reachable Discord (it stops at the store).
fn run_bot(dir: &Path, database_url: &str) -> (Option<i32>, String) {
    let (code, _, stderr) = run(
        dir,
        &[],
        &[
            ("DISCORD_TOKEN", "not-a-real-token"),
            ("DATABASE_URL", database_url),
            ("DISCORD_API_BASE", "http://127.0.0.1:9"),
        ],
    );
    (code, stderr)
}

#[test]
fn help_and_version_need_no_token() {
    let dir = Dir::new("help");
    let (code, out, err) = run(&dir.0, &["--help"], &[]);
    assert_eq!(code, Some(0), "{err}");
    for word in ["Usage", "invite-url", "migrate-store", "DISCORD_TOKEN"] {
        assert!(out.contains(word), "{word}: {out}");
    }
    assert!(!err.contains("not set"), "{err}");
    let (code, out, _) = run(&dir.0, &["--version"], &[]);
    assert_eq!(code, Some(0));
    assert_eq!(
        out.trim(),
        format!("broadside {}", env!("CARGO_PKG_VERSION"))
    );
    // Each command has its own help.
    let (code, out, _) = run(&dir.0, &["invite-url", "--help"], &[]);
    assert_eq!(code, Some(0));
    assert!(out.contains("Usage: broadside invite-url"), "{out}");
    let (code, out, _) = run(&dir.0, &["migrate-store", "--help"], &[]);
    assert_eq!(code, Some(0));
    assert!(out.contains("--from") && out.contains("--to"), "{out}");
    assert_eq!(dir.files(), Vec::<String>::new(), "nothing was written");
}

#[test]
fn an_unknown_command_is_refused_naming_the_known_ones() {
    let dir = Dir::new("unknown");
    let (code, _, err) = run(&dir.0, &["frobnicate"], &[("DISCORD_TOKEN", "x")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("frobnicate"), "{err}");
    assert!(
        err.contains("invite-url") && err.contains("migrate-store"),
        "{err}"
    );
    assert!(!err.contains("DISCORD_TOKEN"), "{err}");
}

#[test]
fn a_directory_as_the_database_stops_with_code_2_and_leaves_nothing_behind() {
    let dir = Dir::new("directory");
    std::fs::create_dir(dir.0.join("data")).unwrap();
    let (code, err) = run_bot(&dir.0, "sqlite://data");
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("is a directory") && err.contains("data/broadside.db"),
        "{err}"
    );
    assert_eq!(dir.files(), vec!["data".to_owned()], "no stray lock file");
}

#[test]
fn a_damaged_or_newer_database_stops_with_code_2() {
    let dir = Dir::new("damaged");
    std::fs::write(dir.0.join("junk.db"), vec![b'x'; 8192]).unwrap();
    let (code, err) = run_bot(&dir.0, "sqlite://junk.db");
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("junk.db"), "{err}");
    assert_eq!(
        std::fs::read(dir.0.join("junk.db")).unwrap(),
        vec![b'x'; 8192],
        "untouched"
    );
}

#[tokio::test]
async fn a_database_from_a_newer_version_stops_with_code_2() {
    let dir = Dir::new("newer");
    let url = format!("sqlite://{}", dir.0.join("m.db").display());
    drop(broadside::store::open(&url).await.unwrap());
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    sqlx::query(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES (9999, 'from the future', 1, x'00', 0)",
    )
    .execute(&pool)
    .await
    .unwrap();
    pool.close().await;
    let (code, err) = tokio::task::spawn_blocking(move || run_bot(&dir.0, &url))
        .await
        .unwrap();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("newer"), "{err}");
}

#[tokio::test]
async fn a_postgres_database_that_does_not_exist_says_to_create_it() {
    // Needs only a server: a database name that surely does not exist on it.
    let Some(db) = pg::PgDb::create("cli_missing").await else {
        return;
    };
    let (server, _) = db.url.rsplit_once('/').unwrap();
    let url = format!("{server}/broadside_no_such_database");
    let dir = Dir::new("pg-missing");
    let path = dir.0.clone();
    let (code, err) = tokio::task::spawn_blocking(move || run_bot(&path, &url))
        .await
        .unwrap();
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("createdb") && err.contains("exists"), "{err}");
    assert!(!err.contains("backup"), "SQLite's advice: {err}");
}

#[test]
fn migrating_from_a_mistyped_path_creates_nothing() {
    let dir = Dir::new("mistyped");
    let (code, _, err) = run(
        &dir.0,
        &[
            "migrate-store",
            "--from",
            "sqlite://brodside.db",
            "--to",
            "postgres://postgres@127.0.0.1:5432/postgres",
        ],
        &[],
    );
    assert_eq!(code, Some(2), "{err}");
    assert!(
        err.contains("brodside.db") && err.contains("no database"),
        "{err}"
    );
    assert_eq!(dir.files(), Vec::<String>::new(), "no file was made");
}
