//! Which webhook URLs players may give (`--webhooks`, `EONS_WEBHOOKS`) and
//! on which ports (`--webhook-ports`, `EONS_WEBHOOK_PORTS`); the sender that
//! uses them is `crate::services::webhooks`.

/// The ports a URL may name in [`WebhookMode::Public`] unless the operator
/// allows others: HTTP's and HTTPS's.
pub const DEFAULT_PORTS: [u16; 2] = [80, 443];

/// Which webhook URLs the server POSTs to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum WebhookMode {
    /// None: players cannot set webhooks.
    #[default]
    Off,
    /// URLs whose host resolves to public addresses only (see
    /// `crate::services::webhooks`), on the allowed ports ([`WebhookPorts`]).
    Public,
    /// Any http(s) URL, loopback and private networks included, on any port.
    Any,
}

impl WebhookMode {
    /// `off`, `public` or `any`.
    pub fn parse(text: &str) -> Result<WebhookMode, String> {
        match text.trim() {
            "off" | "" => Ok(WebhookMode::Off),
            "public" => Ok(WebhookMode::Public),
            "any" => Ok(WebhookMode::Any),
            other => Err(format!(
                "webhooks `{}`: off, public (URLs on public addresses only) or any",
                crate::error::echoed(other)
            )),
        }
    }
}

/// The ports a URL may name in [`WebhookMode::Public`] (by default
/// [`DEFAULT_PORTS`]: a URL on another port of a public host is more often
/// an attempt to reach a service that is not a webhook).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebhookPorts(
    /// The ports, in the order given (the sender lists them when it
    /// refuses a URL).
    pub(crate) Vec<u16>,
);

impl Default for WebhookPorts {
    fn default() -> Self {
        WebhookPorts(DEFAULT_PORTS.to_vec())
    }
}

impl WebhookPorts {
    /// Comma-separated port numbers (1–65535), such as `443,8443`: these
    /// ports and no others.
    pub fn parse(text: &str) -> Result<WebhookPorts, String> {
        let mut ports = Vec::new();
        for item in text.split(',').map(str::trim).filter(|i| !i.is_empty()) {
            match item.parse::<u16>() {
                Ok(port) if port > 0 => ports.push(port),
                _ => {
                    return Err(format!(
                        "webhook port `{}`: a number from 1 to 65535",
                        crate::error::echoed(item)
                    ))
                }
            }
        }
        if ports.is_empty() {
            return Err("webhook ports: name at least one (such as 443)".into());
        }
        Ok(WebhookPorts(ports))
    }

    /// Whether a URL may name `port`.
    pub fn allows(&self, port: u16) -> bool {
        self.0.contains(&port)
    }
}
