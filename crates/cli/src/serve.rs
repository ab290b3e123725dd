//! `eons serve`: the browser table (eons-server) on localhost.

use anyhow::{anyhow, Result};
use clap::Args;
use eons_server::{ServeConfig, ServerOptions};

/// How to serve to other machines, after `eons serve --help`.
pub const NETWORK_HELP: &str = "\
Playing with friends on other machines:
  By default the server listens on 127.0.0.1, which only this machine reaches,
  and so do the invite links it makes. Serve on an address others reach, and
  say where they reach it (--public-url: invite links point there):

  On your network (LAN):
    eons serve --addr 0.0.0.0:8080 --public-url http://192.168.1.20:8080

  On the internet, behind a reverse proxy with TLS on this machine (the proxy
  must pass WebSocket upgrades and append X-Forwarded-For):
    eons serve --public-url https://eons.example.org --trusted-proxy 127.0.0.1 \\
               --allowed-host eons.example.org
    Caddyfile:  eons.example.org {
                    reverse_proxy 127.0.0.1:8080
                }
  An nginx example is in the README (\"Play with friends on other machines\").";

/// Options of `eons serve`: the server's own ([`ServerOptions`]), so that
/// `eons serve` and `eons-server` take the same flags, environment variables
/// and defaults.
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// Every setting of the server.
    #[command(flatten)]
    pub server: ServerOptions,
}

/// Runs the server until Ctrl-C.
/// Logs go to stderr (`RUST_LOG`, `EONS_LOG_FORMAT=json`).
pub fn run(a: ServeArgs) -> Result<()> {
    eons_server::telemetry::init_logs();
    let config = ServeConfig::from(a.server);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| anyhow!("cannot start the server runtime: {e}"))?;
    runtime
        .block_on(eons_server::serve(config))
        .map_err(|e| anyhow!("{e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{CommandFactory, FromArgMatches, Parser};
    use std::time::Duration;

    #[derive(Parser)]
    struct Wrap {
        #[command(flatten)]
        args: ServeArgs,
    }

    /// `eons serve` with `cmd`, reading no environment variable (the
    /// caller's must not change what the tests see).
    fn parse(cmd: &[&str]) -> Result<ServeConfig, clap::Error> {
        let command = eons_server::config::ignore_environment(Wrap::command());
        let matches =
            command.try_get_matches_from(std::iter::once("serve").chain(cmd.iter().copied()))?;
        Wrap::from_arg_matches(&matches).map(|w| ServeConfig::from(w.args.server))
    }

    #[test]
    fn without_options_the_server_runs_with_its_defaults() {
        assert_eq!(parse(&[]).expect("arguments parse"), ServeConfig::default());
    }

    #[test]
    fn the_servers_options_reach_its_config() {
        let c = parse(&[
            "--trusted-proxy",
            "127.0.0.1",
            "--trusted-proxy",
            "10.0.0.0/8,::1",
            "--max-sockets-per-address",
            "3",
            "--ws-ping-ms",
            "250",
            "--max-seat-chat-messages",
            "9",
            "--webhook-ports",
            "8443",
            "--db",
            "other.sqlite",
        ])
        .expect("arguments parse");
        for ip in ["127.0.0.1", "10.20.30.40", "::1"] {
            assert!(c.trusted_proxies.trusts(ip.parse().expect("ip")), "{ip}");
        }
        assert_eq!(c.traffic_limits.max_sockets_per_address, 3);
        assert_eq!(c.traffic_limits.ws_ping, Duration::from_millis(250));
        assert_eq!(c.chat_limits.seat_messages, 9);
        assert!(c.webhook_ports.allows(8443) && !c.webhook_ports.allows(443));
        assert_eq!(c.database, "other.sqlite");
    }

    #[test]
    fn a_bad_value_is_refused_naming_its_option() {
        for (args, names) in [
            (&["--ws-ping-ms", "0"][..], "--ws-ping-ms"),
            (&["--trusted-proxy", "proxy.local"][..], "`proxy.local`"),
            (&["--webhooks", "all"][..], "--webhooks"),
        ] {
            let err = parse(args).expect_err("refused").to_string();
            assert!(err.contains(names), "{args:?}: {err}");
        }
    }
}
