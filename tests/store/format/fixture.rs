//! Stored rows as fixture files: dumped from a database a build's session wrote, and put
//! back into a fresh one.
//!
//! A file is JSON: `{"build": …, "rows": [{"name", "matches": {column: value},
//! "moves": [{column: value}]}]}`, every column as the database held it (an integer as a
//! number, text as a string, bytes as `{"blob": "…"}` (the state is UTF-8 JSON), `NULL`
//! as null), so a row goes back byte for byte.

use std::path::Path;

use serde_json::{Map, Value, json};
use sqlx::{Column as _, Row as _, SqlitePool, TypeInfo as _, ValueRef as _};

use broadside::session::MatchId;

/// One fixture file.
#[derive(Debug)]
pub struct Fixture {
    /// The build (commit) whose tests wrote it.
    pub build: String,
    /// Its matches.
    pub rows: Vec<Stored>,
}

/// One match as stored.
#[derive(Debug, Clone)]
pub struct Stored {
    /// What it is (`classic-battle`).
    pub name: String,
    /// Its `matches` row.
    pub matches: Map<String, Value>,
    /// Its `moves` rows.
    pub moves: Vec<Map<String, Value>>,
}

impl Stored {
    /// The match's id.
    pub fn id(&self) -> MatchId {
        MatchId(self.int("id").try_into().expect("a positive id"))
    }

    /// An integer column.
    pub fn int(&self, column: &str) -> i64 {
        self.matches[column].as_i64().expect("an integer")
    }

    /// A text column.
    pub fn text(&self, column: &str) -> &str {
        self.matches[column].as_str().expect("text")
    }
}

/// Reads a fixture file of `tests/fixtures/stored`.
pub fn load(name: &str) -> Fixture {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/stored")
        .join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let v: Value = serde_json::from_str(&text).expect("a fixture file");
    let rows = v["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .map(|r| Stored {
            name: r["name"].as_str().expect("a name").to_owned(),
            matches: r["matches"].as_object().expect("a matches row").clone(),
            moves: r["moves"]
                .as_array()
                .expect("moves")
                .iter()
                .map(|m| m.as_object().expect("a moves row").clone())
                .collect(),
        })
        .collect();
    Fixture {
        build: v["build"].as_str().expect("a build").to_owned(),
        rows,
    }
}

/// Every column of a row as the database held it.
fn columns(row: &sqlx::sqlite::SqliteRow) -> Map<String, Value> {
    let mut out = Map::new();
    for (i, column) in row.columns().iter().enumerate() {
        let raw = row.try_get_raw(i).expect("a column");
        let value = if raw.is_null() {
            Value::Null
        } else {
            match raw.type_info().name() {
                "INTEGER" => json!(row.get::<i64, _>(i)),
                "TEXT" => json!(row.get::<String, _>(i)),
                "BLOB" => {
                    let bytes: Vec<u8> = row.get(i);
                    json!({ "blob": String::from_utf8(bytes).expect("a UTF-8 state") })
                }
                other => panic!("a column of type {other}"),
            }
        };
        out.insert(column.name().to_owned(), value);
    }
    out
}

/// The rows of the matches `named` in the SQLite file at `path`, as a fixture file.
pub async fn dump(path: &Path, build: &str, named: &[(String, MatchId)]) -> String {
    let pool = SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("open the file");
    let mut rows = Vec::new();
    for (name, id) in named {
        let id = i64::try_from(id.0).expect("an id");
        let m = sqlx::query("SELECT * FROM matches WHERE id = $1")
            .bind(id)
            .fetch_one(&pool)
            .await
            .expect("the match is stored");
        let moves = sqlx::query("SELECT * FROM moves WHERE match_id = $1 ORDER BY seq")
            .bind(id)
            .fetch_all(&pool)
            .await
            .expect("its moves");
        rows.push(json!({
            "name": name,
            "matches": columns(&m),
            "moves": moves.iter().map(columns).collect::<Vec<_>>(),
        }));
    }
    pool.close().await;
    let file = json!({ "build": build, "rows": rows });
    serde_json::to_string_pretty(&file).expect("JSON") + "\n"
}

/// Puts `rows` into the SQLite file at `path` (made by this build, so its schema is
/// today's): each column the fixture has and the table still has, as it was stored.
pub async fn insert(path: &Path, rows: &[Stored]) {
    let pool = SqlitePool::connect(&format!("sqlite://{}", path.display()))
        .await
        .expect("open the file");
    for row in rows {
        put(&pool, "matches", &row.matches).await;
        for m in &row.moves {
            put(&pool, "moves", m).await;
        }
    }
    pool.close().await;
}

async fn put(pool: &SqlitePool, table: &str, row: &Map<String, Value>) {
    let known: Vec<String> =
        sqlx::query_scalar(&format!("SELECT name FROM pragma_table_info('{table}')"))
            .fetch_all(pool)
            .await
            .expect("the table's columns");
    let cols: Vec<(&String, &Value)> = row.iter().filter(|(c, _)| known.contains(c)).collect();
    let names: Vec<&str> = cols.iter().map(|(c, _)| c.as_str()).collect();
    let marks: Vec<String> = (1..=cols.len()).map(|i| format!("${i}")).collect();
    let sql = format!(
        "INSERT INTO {table} ({}) VALUES ({})",
        names.join(", "),
        marks.join(", ")
    );
    let mut q = sqlx::query(&sql);
    for (_, v) in cols {
        q = match v {
            Value::Null => q.bind(None::<i64>),
            Value::Number(n) => q.bind(n.as_i64().expect("an integer")),
            Value::String(s) => q.bind(s.clone()),
            Value::Object(o) => q.bind(o["blob"].as_str().expect("bytes").as_bytes().to_vec()),
            other => panic!("a column value {other}"),
        };
    }
    q.execute(pool).await.expect("insert a fixture row");
}
