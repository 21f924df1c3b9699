//! The real `broadside` binary as a child process.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A running bot. Killed on drop; its stderr (the log) is printed if the test panicked.
pub struct BotProcess {
    child: Child,
    dir: std::path::PathBuf,
    /// Whether dropping this process removes its working directory.
    owns_dir: bool,
    stderr: Arc<Mutex<String>>,
    reader: Option<std::thread::JoinHandle<()>>,
    status: Option<ExitStatus>,
}

impl BotProcess {
    /// Starts the binary with exactly these environment variables (plus `PATH`), in an empty
    /// working directory so that no developer `.env` leaks in.
    pub fn spawn(env: &BTreeMap<String, String>) -> Self {
        let dir = std::env::temp_dir().join(format!(
            "broadside-e2e-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        ));
        std::fs::create_dir_all(&dir).expect("create a working directory");
        let mut bot = Self::spawn_in(&dir, env);
        bot.owns_dir = true;
        bot
    }

    /// Starts a new process in this one's directory (a restart): the new process takes
    /// over the directory, which this one then leaves in place when dropped.
    pub fn restart_in_same_dir(&mut self, env: &BTreeMap<String, String>) -> Self {
        let mut next = Self::spawn_in(&self.dir, env);
        next.owns_dir = std::mem::take(&mut self.owns_dir);
        next
    }

    /// Starts the binary in `dir` (which holds its database, `broadside.db`): a restart
    /// of an earlier process uses the same directory.
    pub fn spawn_in(dir: &std::path::Path, env: &BTreeMap<String, String>) -> Self {
        let dir = dir.to_path_buf();
        let mut command = Command::new(env!("CARGO_BIN_EXE_broadside"));
        command
            .env_clear()
            .envs(env)
            .current_dir(&dir)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        if let Some(path) = std::env::var_os("PATH") {
            command.env("PATH", path);
        }
        let mut child = command.spawn().expect("start the broadside binary");
        let stderr = Arc::new(Mutex::new(String::new()));
        let pipe = child.stderr.take().expect("piped stderr");
        let sink = Arc::clone(&stderr);
        let reader = std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                let mut s = sink
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner);
                s.push_str(&line);
                s.push('\n');
            }
        });
        Self {
            child,
            dir,
            owns_dir: false,
            stderr,
            reader: Some(reader),
            status: None,
        }
    }

    /// The working directory (where its database lives).
    pub fn dir(&self) -> &std::path::Path {
        &self.dir
    }

    /// The URL of its SQLite database (`broadside.db` in its working directory), for a
    /// test that reads or changes what the bot stored.
    pub fn database_url(&self) -> String {
        format!("sqlite://{}", self.dir.join("broadside.db").display())
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Everything the bot wrote to stderr so far.
    pub fn stderr(&self) -> String {
        self.stderr
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .clone()
    }

    /// Sends a signal by name (`TERM`, `INT`) with the `kill` utility.
    pub fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .arg("-s")
            .arg(name)
            .arg(self.pid().to_string())
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -s {name} failed");
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        self.poll().is_none()
    }

    fn poll(&mut self) -> Option<ExitStatus> {
        if self.status.is_none() {
            self.status = self.child.try_wait().expect("query the child");
        }
        self.status
    }

    /// Waits for the process to exit; panics with its stderr after `timeout`.
    /// Returns the status once the stderr pipe has been drained.
    pub async fn wait_exit(&mut self, timeout: Duration) -> ExitStatus {
        let timeout = super::fake::loaded(timeout);
        let deadline = tokio::time::Instant::now() + timeout;
        let status = loop {
            if let Some(status) = self.poll() {
                break status;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the bot did not exit within {timeout:?}; stderr:\n{}",
                self.stderr()
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        };
        if let Some(reader) = self.reader.take() {
            let _ = tokio::task::spawn_blocking(move || reader.join()).await;
        }
        status
    }
}

static NEXT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

impl Drop for BotProcess {
    fn drop(&mut self) {
        if self.poll().is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
        if std::thread::panicking() {
            eprintln!("----- bot stderr -----\n{}----- end -----", self.stderr());
        }
        if self.owns_dir {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}
