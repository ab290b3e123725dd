//! The host names the server answers for (`--allowed-host`,
//! `EONS_ALLOWED_HOSTS`): a request for another host is refused with 421,
//! against DNS rebinding (the edge checks it: `crate::http::edge`).

use axum::http::uri::Authority;
use std::net::IpAddr;

/// The host names the server answers for. Empty (the default): any. Else a
/// request whose host (the `Host` header, or the authority of an
/// absolute-form request target), without its port, is not listed is
/// refused with 421 `unknown_host`: a page on another name that a DNS
/// rebinding attack points at this server cannot use it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AllowedHosts {
    names: Vec<String>,
}

impl AllowedHosts {
    /// Parses comma-separated host names (`eons.example.org`, `localhost`)
    /// or addresses (`127.0.0.1`, `::1`, `[::1]`), without ports; blanks
    /// between commas are ignored. Names compare without case and without a
    /// trailing dot. An entry that is none of these is an error naming it.
    pub fn parse(list: &str) -> Result<AllowedHosts, String> {
        let mut names = Vec::new();
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let name = match entry.parse::<IpAddr>() {
                Ok(ip) => ip.to_string(),
                Err(_) => match entry.parse::<Authority>() {
                    Ok(a) if a.port().is_none() && !entry.contains('@') => normalize(a.host()),
                    _ => {
                        return Err(format!(
                            "allowed host `{entry}`: expected a host name or an address, without a port"
                        ))
                    }
                },
            };
            if name.is_empty() {
                return Err(format!("allowed host `{entry}`: empty"));
            }
            names.push(name);
        }
        Ok(AllowedHosts { names })
    }

    /// These names and `other`'s together.
    pub fn extend(&mut self, other: AllowedHosts) {
        self.names.extend(other.names);
    }

    /// True when any host is allowed (no list).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether a request for `host` (a `Host` header's value: a name or
    /// address, maybe with a port) is answered.
    pub fn allows(&self, host: Option<&str>) -> bool {
        if self.names.is_empty() {
            return true;
        }
        let Some(name) = host.and_then(host_name) else {
            return false;
        };
        self.names.contains(&name)
    }
}

/// The host of a `Host` value (`Example.org.:8080` → `example.org`,
/// `[::1]:80` → `::1`), or `None` when it is not one.
fn host_name(value: &str) -> Option<String> {
    let authority = value.trim().parse::<Authority>().ok()?;
    if authority.as_str().contains('@') {
        return None;
    }
    let name = normalize(authority.host());
    Some(name).filter(|n| !n.is_empty())
}

/// A host as compared: lower case, no IPv6 brackets, no trailing dot, an
/// address in its usual form.
fn normalize(host: &str) -> String {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    match bare.parse::<IpAddr>() {
        Ok(ip) => ip.to_string(),
        Err(_) => bare.trim_end_matches('.').to_ascii_lowercase(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hosts(list: &str) -> AllowedHosts {
        AllowedHosts::parse(list).expect("hosts")
    }

    #[test]
    fn without_a_list_any_host_is_allowed() {
        let any = AllowedHosts::default();
        assert!(any.allows(Some("evil.example")));
        assert!(any.allows(None));
        assert!(hosts(" , ").is_empty());
    }

    #[test]
    fn a_listed_name_is_allowed_with_any_port_case_or_trailing_dot() {
        let h = hosts("eons.example.org, localhost,127.0.0.1, ::1");
        for ok in [
            "eons.example.org",
            "EONS.Example.org:8443",
            "eons.example.org.",
            "localhost:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "[0:0::1]",
        ] {
            assert!(h.allows(Some(ok)), "{ok}");
        }
        for refused in [
            "attacker.example",
            "eons.example.org.attacker.example",
            "example.org",
            "127.0.0.2",
            "user@eons.example.org",
            "",
            "not a host",
        ] {
            assert!(!h.allows(Some(refused)), "{refused}");
        }
        assert!(!h.allows(None), "no Host at all");
    }

    #[test]
    fn parse_refuses_ports_and_what_is_no_host() {
        assert_eq!(hosts("[::1]"), hosts("::1"));
        for bad in ["eons.example.org:8080", "a b", "user@host", "http://x/"] {
            let e = AllowedHosts::parse(bad).expect_err(bad);
            assert!(e.contains(bad), "{e}");
        }
    }
}
