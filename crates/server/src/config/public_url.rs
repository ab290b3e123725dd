//! The address other people reach the server at (`--public-url`,
//! `EONS_PUBLIC_URL`): invite links point there, whatever address the
//! creator's browser used (`eons serve` binds 127.0.0.1, which reaches no
//! friend). `GET /api/server` tells the web client; the start-up line
//! prints the link to open.

use std::net::SocketAddr;

/// An `http://` or `https://` origin (scheme, host and optional port; no
/// path, query or fragment), as the page's address bar would show it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PublicUrl(String);

impl PublicUrl {
    /// Reads `https://eons.example.org`, `http://192.168.1.20:8080/`:
    /// refused when it is not an http(s) origin.
    pub fn parse(text: &str) -> Result<PublicUrl, String> {
        let text = text.trim();
        let refuse = |why: &str| {
            Err(format!(
                "public URL `{}`: {why} (give the origin players open, such as https://eons.example.org or http://192.168.1.20:8080)",
                crate::error::echoed(text)
            ))
        };
        let uri: axum::http::Uri = match text.parse() {
            Ok(u) => u,
            Err(_) => return refuse("not a URL"),
        };
        let scheme = match uri.scheme_str() {
            Some(s @ ("http" | "https")) => s.to_string(),
            _ => return refuse("it must start with http:// or https://"),
        };
        let Some(authority) = uri.authority() else {
            return refuse("it names no host");
        };
        if authority.as_str().contains('@') {
            return refuse("it must not hold a user name or password");
        }
        if authority.host().is_empty() {
            return refuse("it names no host");
        }
        if !matches!(uri.path(), "" | "/") || uri.query().is_some() || text.contains('#') {
            return refuse("the table is served at the root: give no path, query or fragment");
        }
        Ok(PublicUrl(format!(
            "{scheme}://{}",
            authority.as_str().to_ascii_lowercase()
        )))
    }

    /// The origin, without a trailing slash (`https://eons.example.org`).
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// What the start-up prints after the listening line: the link to open,
/// and where invite links point.
pub fn open_lines(bound: SocketAddr, public: Option<&PublicUrl>) -> Vec<String> {
    if let Some(p) = public {
        return vec![format!(
            "Open {}/ in a browser; invite links point there.",
            p.as_str()
        )];
    }
    let ip = bound.ip();
    let local = if ip.is_unspecified() {
        let loopback = if ip.is_ipv4() { "127.0.0.1" } else { "[::1]" };
        format!("http://{loopback}:{}/", bound.port())
    } else {
        format!("http://{bound}/")
    };
    let mut lines = vec![format!("Open {local} in a browser on this machine.")];
    if ip.is_loopback() {
        lines.push(
            "Only this machine can reach it, and so do its invite links. To play with friends on \
             other machines, start it with --addr 0.0.0.0:8080 --public-url http://THIS-MACHINE:8080 \
             (or behind a reverse proxy: see the README)."
                .into(),
        );
    } else {
        lines.push(format!(
            "Invite links point at the address a browser opens it with; give --public-url \
             http://THIS-MACHINE:{} so that they point where friends reach it.",
            bound.port()
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_public_url_is_an_http_origin() {
        let ok = |t: &str| PublicUrl::parse(t).map(|p| p.as_str().to_string());
        assert_eq!(
            ok("https://Eons.Example.org/").as_deref(),
            Ok("https://eons.example.org")
        );
        assert_eq!(
            ok(" http://192.168.1.20:8080 ").as_deref(),
            Ok("http://192.168.1.20:8080")
        );
        assert_eq!(ok("http://[::1]:8080").as_deref(), Ok("http://[::1]:8080"));
        for bad in [
            "eons.example.org",
            "ftp://eons.example.org",
            "https://eons.example.org/eons",
            "https://eons.example.org/?a=1",
            "https://user:pw@eons.example.org",
            "https://eons.example.org/#t",
            "",
        ] {
            assert!(PublicUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_start_up_names_the_link_to_open() {
        let public = PublicUrl::parse("https://eons.example.org").ok();
        let at = |a: &str| a.parse::<SocketAddr>().expect("address");
        assert_eq!(
            open_lines(at("127.0.0.1:8080"), public.as_ref()),
            vec![
                "Open https://eons.example.org/ in a browser; invite links point there."
                    .to_string()
            ]
        );
        let local = open_lines(at("127.0.0.1:8080"), None);
        assert_eq!(
            local[0],
            "Open http://127.0.0.1:8080/ in a browser on this machine."
        );
        assert!(local[1].contains("--public-url"));
        let any = open_lines(at("0.0.0.0:9000"), None);
        assert_eq!(
            any[0],
            "Open http://127.0.0.1:9000/ in a browser on this machine."
        );
        assert!(any[1].contains("http://THIS-MACHINE:9000"));
    }
}
