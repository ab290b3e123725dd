use super::*;
use clap::{CommandFactory, FromArgMatches};

/// The options `args` give, read from no environment variable (the
/// caller's environment must not change what the tests see).
fn parse(args: &[&str]) -> Result<ServerOptions, clap::Error> {
    let command = ignore_environment(ServerOptions::command());
    let matches =
        command.try_get_matches_from(std::iter::once("eons-server").chain(args.iter().copied()))?;
    ServerOptions::from_arg_matches(&matches)
}

/// The settings `args` give.
fn config(args: &[&str]) -> ServeConfig {
    ServeConfig::from(parse(args).unwrap_or_else(|e| panic!("{args:?}: {e}")))
}

/// The arguments that are settings (not `--help`, `--version`).
fn settings(command: &clap::Command) -> Vec<&clap::Arg> {
    command
        .get_arguments()
        .filter(|arg| !matches!(arg.get_id().as_str(), "help" | "version"))
        .collect()
}

#[test]
fn the_options_are_a_valid_command() {
    ServerOptions::command().debug_assert();
}

/// Every setting has a flag, an environment variable, and a default that
/// `--help` shows (or, for what is off unless given, help that says so).
#[test]
fn every_setting_has_a_flag_an_environment_variable_and_a_default_in_help() {
    let mut command = ServerOptions::command();
    command.build();
    let help = command.render_long_help().to_string();
    let args = settings(&command);
    assert!(args.len() >= 30, "{} settings", args.len());
    for arg in args {
        let id = arg.get_id();
        let flag = arg.get_long().unwrap_or_else(|| panic!("{id}: no --flag"));
        let env = arg
            .get_env()
            .and_then(|e| e.to_str())
            .unwrap_or_else(|| panic!("--{flag}: no environment variable"));
        assert!(
            env == "DATABASE_URL" || env.starts_with("EONS_"),
            "--{flag}: {env}"
        );
        assert!(help.contains(&format!("[env: {env}")), "--{flag}: {env}");
        let takes_value = arg.get_num_args().is_some_and(|n| n.takes_values());
        if !takes_value {
            continue; // a switch: off unless given
        }
        let defaults = arg.get_default_values();
        if defaults.is_empty() {
            let words = arg.get_help().map(ToString::to_string).unwrap_or_default();
            assert!(
                words.contains("Default: "),
                "--{flag} has no default and its help does not say what happens without it: {words}"
            );
        } else {
            let shown: Vec<_> = defaults.iter().map(|d| d.to_string_lossy()).collect();
            assert!(
                help.contains(&format!("[default: {}]", shown.join(","))),
                "--{flag}: [default: {shown:?}] not in --help"
            );
        }
    }
}

/// No flag, no environment: the documented defaults, which are
/// `ServeConfig::default()`.
#[test]
fn without_flags_the_settings_are_the_defaults() {
    assert_eq!(config(&[]), ServeConfig::default());
}

#[test]
fn each_limit_reaches_its_setting() {
    let c = config(&[
        "--bot-max-time-ms",
        "250",
        "--bot-max-iterations",
        "5000",
        "--bot-max-threads",
        "3",
        "--bot-pool-threads",
        "2",
        "--max-bot-games-per-address",
        "4",
        "--max-games-per-hour",
        "5",
        "--max-sockets",
        "7",
        "--max-sockets-per-game",
        "6",
        "--max-sockets-per-address",
        "3",
        "--ws-ping-ms",
        "300",
        "--header-timeout-ms",
        "1500",
        "--idle-timeout-ms",
        "2500",
        "--max-connections-per-address",
        "8",
        "--evict-idle-after-s",
        "30",
        "--snapshot-every",
        "50",
        "--max-seat-chat-messages",
        "11",
        "--max-spectator-chat-messages",
        "12",
        "--spectator-chat-per-minute",
        "13",
        "--absent-after-s",
        "90",
        "--bot-pace-ms",
        "0",
    ]);
    assert_eq!(
        c.bot_limits,
        BotLimits {
            max_time: Duration::from_millis(250),
            max_iterations: 5000,
            max_threads: 3,
            pool_threads: 2,
            max_games_per_address: 4,
        }
    );
    assert_eq!(
        c.traffic_limits,
        TrafficLimits {
            games_per_hour: 5,
            max_sockets: 7,
            max_sockets_per_game: 6,
            max_sockets_per_address: 3,
            ws_ping: Duration::from_millis(300),
        }
    );
    assert_eq!(
        c.connection_limits,
        ConnectionLimits {
            header_timeout: Duration::from_millis(1500),
            idle_timeout: Duration::from_millis(2500),
            max_connections_per_address: 8,
        }
    );
    assert_eq!(
        c.memory_limits,
        MemoryLimits {
            evict_idle_after: Duration::from_secs(30),
            snapshot_every: 50,
        }
    );
    assert_eq!(
        c.chat_limits,
        ChatLimits {
            seat_messages: 11,
            spectator_messages: 12,
            spectators_per_minute: 13,
        }
    );
    assert_eq!(c.absent_after, Duration::from_secs(90));
    assert_eq!(c.bot_pace, Duration::ZERO);
}

#[test]
fn the_server_options_reach_the_settings() {
    let c = config(&[
        "--addr",
        "0.0.0.0:9000",
        "--db",
        "postgres://eons@db/eons",
        "--test-games",
        "--web-dir",
        "web",
        "--metrics-addr",
        "127.0.0.1:9090",
        "--public-url",
        "https://Eons.Example.org/",
        "--webhooks",
        "public",
        "--webhook-ports",
        "443,8443",
    ]);
    assert_eq!(c.addr, "0.0.0.0:9000".parse().expect("address"));
    assert_eq!(c.database, "postgres://eons@db/eons");
    assert!(c.test_games);
    assert_eq!(c.web_dir, Some(PathBuf::from("web")));
    assert_eq!(c.metrics_addr, "127.0.0.1:9090".parse().ok());
    assert_eq!(
        c.public_url.as_ref().map(PublicUrl::as_str),
        Some("https://eons.example.org")
    );
    assert_eq!(c.webhooks, WebhookMode::Public);
    assert!(c.webhook_ports.allows(8443) && c.webhook_ports.allows(443));
    assert!(!c.webhook_ports.allows(80));
    assert_eq!(
        config(&["--db", " "]).database,
        DEFAULT_DATABASE,
        "empty: the default"
    );
}

#[test]
fn trusted_proxies_and_allowed_hosts_from_several_options_add_up() {
    let c = config(&[
        "--trusted-proxy",
        "127.0.0.1",
        "--trusted-proxy",
        "10.0.0.0/8,::1",
        "--allowed-host",
        "eons.example.org",
        "--allowed-host",
        "localhost,127.0.0.1",
    ]);
    for ip in ["127.0.0.1", "10.20.30.40", "::1"] {
        assert!(c.trusted_proxies.trusts(ip.parse().expect("ip")), "{ip}");
    }
    assert!(!c.trusted_proxies.trusts("192.0.2.1".parse().expect("ip")));
    for ok in ["eons.example.org", "localhost:8080", "127.0.0.1"] {
        assert!(c.allowed_hosts.allows(Some(ok)), "{ok}");
    }
    assert!(!c.allowed_hosts.allows(Some("attacker.example")));
}

/// The tests add to a base command line: a flag given again wins.
#[test]
fn a_flag_given_twice_keeps_its_last_value() {
    let c = config(&[
        "--max-bot-games-per-address",
        "1000000",
        "--test-games",
        "--max-bot-games-per-address",
        "2",
        "--test-games",
    ]);
    assert_eq!(c.bot_limits.max_games_per_address, 2);
    assert!(c.test_games);
}

/// A bad value is clap's error, naming the flag (and the parser's reason).
#[test]
fn a_bad_value_is_refused_naming_its_flag() {
    for (args, says) in [
        (&["--ws-ping-ms", "0"][..], "--ws-ping-ms"),
        (&["--max-sockets", "many"][..], "--max-sockets"),
        (
            &["--max-games-per-hour", "5000000000"][..],
            "--max-games-per-hour",
        ),
        (&["--absent-after-s", "0"][..], "--absent-after-s"),
        (&["--addr", "localhost"][..], "--addr"),
        (&["--trusted-proxy", "proxy.local"][..], "`proxy.local`"),
        (&["--allowed-host", "x.org:80"][..], "--allowed-host"),
        (
            &["--public-url", "ftp://eons.example.org"][..],
            "public URL",
        ),
        (&["--webhooks", "all"][..], "--webhooks"),
        (&["--webhook-ports", "0"][..], "--webhook-ports"),
        (&["--snapshot-every"][..], "--snapshot-every"),
    ] {
        let err = parse(args).expect_err("refused").to_string();
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// The rows of the configuration table in crates/server/README.md: each
/// row's first two cells (the flag, the environment variable).
fn readme_table() -> Vec<(String, String)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/README.md");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let section = text
        .split("\n### Configuration\n")
        .nth(1)
        .unwrap_or_else(|| panic!("{path} has no `### Configuration` section"));
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .skip(2) // the head and its rule
        .map(|line| {
            // `\|` is a bar inside a cell (`--webhooks off\|public\|any`).
            let line = line.replace("\\|", "/");
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            let cell = |i: usize| cells.get(i).copied().unwrap_or("").to_string();
            (cell(1), cell(2))
        })
        .collect()
}

/// Every setting is a row of the README's configuration table, with its
/// environment variable, and every row is a setting: the table cannot
/// drift from the options.
#[test]
fn the_readme_table_lists_every_setting_and_no_other() {
    let rows = readme_table();
    let command = ServerOptions::command();
    let args = settings(&command);
    for arg in &args {
        let flag = format!("`--{}", arg.get_long().unwrap_or_default());
        let env = arg.get_env().and_then(|e| e.to_str()).unwrap_or_default();
        let row = rows
            .iter()
            .find(|(f, _)| f.starts_with(&flag) && f[flag.len()..].starts_with(['`', ' ']))
            .unwrap_or_else(|| panic!("{flag}` is not in the README's configuration table"));
        assert!(row.1.contains(&format!("`{env}`")), "{flag}`: {row:?}");
    }
    assert_eq!(rows.len(), args.len(), "one row per setting: {rows:?}");
}
