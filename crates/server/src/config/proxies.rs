//! Which client a request comes from when the server sits behind a reverse
//! proxy (nginx, Caddy, Traefik…). The new-games limit is kept per client
//! address; behind a proxy every request's TCP peer is the proxy, so without
//! this every player would share one allowance.
//!
//! The server trusts `X-Forwarded-For` only from the proxies it is told about
//! (`--trusted-proxy`, or `EONS_TRUSTED_PROXIES`): when the TCP peer is one
//! of them, the client is the rightmost address in `X-Forwarded-For` that is
//! not itself a trusted proxy. Addresses further left were written by the
//! client or by proxies nobody vouches for, so a client cannot pick its own
//! address by sending the header. A peer that is not a trusted proxy is the
//! client, whatever headers it sends.

use axum::http::HeaderMap;
use ipnet::IpNet;
use std::net::{IpAddr, SocketAddr};

/// The reverse proxies whose `X-Forwarded-For` the server believes. Empty
/// (the default): the TCP peer is always the client.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TrustedProxies {
    nets: Vec<IpNet>,
}

impl TrustedProxies {
    /// Parses comma-separated addresses (`127.0.0.1`, `::1`) and networks
    /// (`10.0.0.0/8`, `fd00::/8`); blanks between commas are ignored. An
    /// entry that is neither is an error naming it.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        let mut nets = Vec::new();
        for entry in list.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let net = match entry.parse::<IpNet>() {
                Ok(net) => net.trunc(),
                Err(_) => match entry.parse::<IpAddr>() {
                    Ok(ip) => IpNet::from(ip.to_canonical()),
                    Err(_) => {
                        return Err(format!(
                            "trusted proxy `{entry}`: expected an IP address or a network such as 10.0.0.0/8"
                        ))
                    }
                },
            };
            nets.push(net);
        }
        Ok(TrustedProxies { nets })
    }

    /// These proxies and `other`'s together.
    pub fn extend(&mut self, other: TrustedProxies) {
        self.nets.extend(other.nets);
    }

    /// True when no proxy is trusted.
    pub fn is_empty(&self) -> bool {
        self.nets.is_empty()
    }

    /// Whether `ip` is one of the trusted proxies.
    pub fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.nets.iter().any(|n| n.contains(&ip))
    }

    /// The client behind a request from TCP peer `peer` with `headers`: the
    /// peer itself unless it is a trusted proxy; else the rightmost
    /// `X-Forwarded-For` address (over all such headers, in order) that is not
    /// a trusted proxy. When the header is missing, every entry is trusted,
    /// or an entry (or a whole header line) cannot be read before an
    /// untrusted one is found, the
    /// client is the leftmost trusted hop reached: the limit then falls on
    /// that proxy rather than on an address anyone could have written.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        for line in headers.get_all("x-forwarded-for").iter().rev() {
            let Ok(line) = line.to_str() else {
                return client;
            };
            for entry in line.rsplit(',') {
                let Some(ip) = forwarded_ip(entry) else {
                    return client;
                };
                client = ip;
                if !self.trusts(ip) {
                    return client;
                }
            }
        }
        client
    }
}

/// One `X-Forwarded-For` entry: an address, possibly with a port
/// (`203.0.113.7:4711`, `[2001:db8::1]:4711`), as some proxies write it.
fn forwarded_ip(entry: &str) -> Option<IpAddr> {
    let entry = entry.trim();
    entry
        .parse::<IpAddr>()
        .or_else(|_| entry.parse::<SocketAddr>().map(|s| s.ip()))
        .ok()
        .map(|ip| ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn ip(s: &str) -> IpAddr {
        s.parse().expect("test address")
    }

    fn headers(lines: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for l in lines {
            h.append(
                "x-forwarded-for",
                HeaderValue::from_str(l).expect("header value"),
            );
        }
        h
    }

    fn proxies(list: &str) -> TrustedProxies {
        TrustedProxies::parse(list).expect("proxies")
    }

    #[test]
    fn without_trusted_proxies_the_peer_is_the_client_whatever_it_sends() {
        let none = TrustedProxies::default();
        let h = headers(&["198.51.100.9"]);
        assert_eq!(none.client(ip("203.0.113.1"), &h), ip("203.0.113.1"));
        let other = proxies("10.0.0.1");
        assert_eq!(other.client(ip("203.0.113.1"), &h), ip("203.0.113.1"));
    }

    #[test]
    fn behind_a_trusted_proxy_the_rightmost_untrusted_address_is_the_client() {
        let p = proxies("127.0.0.1, 10.0.0.0/8");
        // A client wrote a false first entry; the proxy appended the real one.
        let h = headers(&["192.0.2.66, 198.51.100.9"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
        // Two proxies in a row: the inner one (10.1.2.3) is skipped.
        let h = headers(&["192.0.2.66, 198.51.100.9, 10.1.2.3"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
        // Several header lines read as one list, in order.
        let h = headers(&["192.0.2.66", "198.51.100.9", "10.1.2.3"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
    }

    #[test]
    fn entries_with_ports_and_ipv6_are_read() {
        let p = proxies("::1");
        let h = headers(&["[2001:db8::7]:4711"]);
        assert_eq!(p.client(ip("::1"), &h), ip("2001:db8::7"));
        let h = headers(&["203.0.113.7:4711"]);
        assert_eq!(p.client(ip("::1"), &h), ip("203.0.113.7"));
    }

    #[test]
    fn an_ipv4_peer_seen_through_an_ipv6_socket_is_still_trusted() {
        let p = proxies("127.0.0.1");
        let h = headers(&["198.51.100.9"]);
        assert_eq!(p.client(ip("::ffff:127.0.0.1"), &h), ip("198.51.100.9"));
        // And the client keys the same as its plain IPv4 form.
        let h = headers(&["::ffff:198.51.100.9"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("198.51.100.9"));
    }

    #[test]
    fn a_missing_unreadable_or_all_trusted_header_leaves_the_nearest_proxy() {
        let p = proxies("127.0.0.1, 10.0.0.0/8");
        assert_eq!(
            p.client(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1")
        );
        // Garbage right of the proxy's hop: stop at the last address read.
        let h = headers(&["198.51.100.9, not-an-address, 10.1.2.3"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("10.1.2.3"));
        let h = headers(&["10.9.9.9, 10.1.2.3"]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("10.9.9.9"));
        let h = headers(&[""]);
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("127.0.0.1"));
        // A line that is not text stops the walk too: lines left of it are
        // never read as if the proxy had written them.
        let mut h = headers(&["198.51.100.9"]);
        h.append(
            "x-forwarded-for",
            HeaderValue::from_bytes(b"10.1.2.3, \xff").expect("header bytes"),
        );
        assert_eq!(p.client(ip("127.0.0.1"), &h), ip("127.0.0.1"));
    }

    #[test]
    fn parse_takes_addresses_and_networks_and_names_a_bad_entry() {
        let p = proxies(" 192.168.1.0/24 ,, fd00::1 ");
        assert!(p.trusts(ip("192.168.1.200")));
        assert!(!p.trusts(ip("192.168.2.1")));
        assert!(p.trusts(ip("fd00::1")));
        assert!(!p.trusts(ip("fd00::2")));
        // Host bits in a network are dropped, as routers do.
        assert!(proxies("10.1.2.3/8").trusts(ip("10.200.0.1")));
        assert!(proxies("").is_empty());
        let err = TrustedProxies::parse("127.0.0.1, localhost").expect_err("a name");
        assert!(err.contains("`localhost`"), "{err}");
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
    }
}
