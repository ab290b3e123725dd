//! Public addresses: the special-purpose blocks of IANA's registries, and
//! whether an address lies outside all of them (where a webhook may go: see
//! [`crate::services::webhooks`], whose module words say how an IPv4 address
//! written as IPv6 is judged).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The IPv4 blocks no webhook goes to: every entry of IANA's "IPv4
/// Special-Purpose Address Registry" (iana-ipv4-special-registry, as
/// updated 2025-03; those it marks globally reachable too, such as AS112
/// and AMT: no webhook receiver lives there), with multicast from the
/// "IPv4 Address Space Registry" and the rest of 240.0.0.0/4, which holds the
/// limited broadcast address.
pub const SPECIAL_IPV4: [(Ipv4Addr, u8, &str); 18] = [
    (Ipv4Addr::new(0, 0, 0, 0), 8, "this network (RFC 791)"),
    (Ipv4Addr::new(10, 0, 0, 0), 8, "private use (RFC 1918)"),
    (
        Ipv4Addr::new(100, 64, 0, 0),
        10,
        "shared address space (RFC 6598)",
    ),
    (Ipv4Addr::new(127, 0, 0, 0), 8, "loopback (RFC 1122)"),
    (Ipv4Addr::new(169, 254, 0, 0), 16, "link local (RFC 3927)"),
    (Ipv4Addr::new(172, 16, 0, 0), 12, "private use (RFC 1918)"),
    (
        Ipv4Addr::new(192, 0, 0, 0),
        24,
        "IETF protocol assignments (RFC 6890): DS-Lite, PCP and TURN anycast, NAT64 discovery",
    ),
    (
        Ipv4Addr::new(192, 0, 2, 0),
        24,
        "documentation TEST-NET-1 (RFC 5737)",
    ),
    (Ipv4Addr::new(192, 31, 196, 0), 24, "AS112-v4 (RFC 7535)"),
    (Ipv4Addr::new(192, 52, 193, 0), 24, "AMT (RFC 7450)"),
    (
        Ipv4Addr::new(192, 88, 99, 0),
        24,
        "deprecated 6to4 relay anycast (RFC 7526)",
    ),
    (Ipv4Addr::new(192, 168, 0, 0), 16, "private use (RFC 1918)"),
    (
        Ipv4Addr::new(192, 175, 48, 0),
        24,
        "direct delegation AS112 service (RFC 7534)",
    ),
    (Ipv4Addr::new(198, 18, 0, 0), 15, "benchmarking (RFC 2544)"),
    (
        Ipv4Addr::new(198, 51, 100, 0),
        24,
        "documentation TEST-NET-2 (RFC 5737)",
    ),
    (
        Ipv4Addr::new(203, 0, 113, 0),
        24,
        "documentation TEST-NET-3 (RFC 5737)",
    ),
    (Ipv4Addr::new(224, 0, 0, 0), 4, "multicast (RFC 5771)"),
    (
        Ipv4Addr::new(240, 0, 0, 0),
        4,
        "reserved (RFC 1112), with limited broadcast 255.255.255.255 (RFC 919)",
    ),
];

/// The IPv6 blocks no webhook goes to: every entry of IANA's "IPv6
/// Special-Purpose Address Registry" (iana-ipv6-special-registry, as
/// updated 2025-03), with IPv4-compatible, site-local and multicast from the
/// "Internet Protocol Version 6 Address Space" registry. Outside 2000::/3
/// (global unicast) nothing is public anyway; the entries below 2000::/3 are
/// listed for the reader. The two forms judged by their IPv4 address
/// (`::ffff:0:0/96`, `64:ff9b::/96`) are handled before this list.
pub const SPECIAL_IPV6: [(Ipv6Addr, u8, &str); 20] = [
    (
        Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 0),
        128,
        "unspecified (RFC 4291)",
    ),
    (
        Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 1),
        128,
        "loopback (RFC 4291)",
    ),
    (
        Ipv6Addr::new(0, 0, 0, 0, 0, 0, 0, 0),
        96,
        "IPv4-compatible, deprecated (RFC 4291)",
    ),
    (
        Ipv6Addr::new(0x64, 0xff9b, 1, 0, 0, 0, 0, 0),
        48,
        "local-use IPv4/IPv6 translation (RFC 8215)",
    ),
    (
        Ipv6Addr::new(0x100, 0, 0, 0, 0, 0, 0, 0),
        64,
        "discard-only (RFC 6666)",
    ),
    (
        Ipv6Addr::new(0x100, 0, 0, 1, 0, 0, 0, 0),
        64,
        "dummy IPv6 prefix (RFC 9780)",
    ),
    (
        Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0),
        23,
        "IETF protocol assignments (RFC 2928): PCP and TURN anycast, AMT, AS112, ORCHIDv2, DETs",
    ),
    (
        Ipv6Addr::new(0x2001, 0, 0, 0, 0, 0, 0, 0),
        32,
        "Teredo (RFC 4380)",
    ),
    (
        Ipv6Addr::new(0x2001, 2, 0, 0, 0, 0, 0, 0),
        48,
        "benchmarking (RFC 5180)",
    ),
    (
        Ipv6Addr::new(0x2001, 0xdb8, 0, 0, 0, 0, 0, 0),
        32,
        "documentation (RFC 3849)",
    ),
    (
        Ipv6Addr::new(0x2002, 0, 0, 0, 0, 0, 0, 0),
        16,
        "6to4 (RFC 3056)",
    ),
    (
        Ipv6Addr::new(0x2620, 0x4f, 0x8000, 0, 0, 0, 0, 0),
        48,
        "direct delegation AS112 service (RFC 7534)",
    ),
    (
        Ipv6Addr::new(0x3fff, 0, 0, 0, 0, 0, 0, 0),
        20,
        "documentation (RFC 9637)",
    ),
    (
        Ipv6Addr::new(0x5f00, 0, 0, 0, 0, 0, 0, 0),
        16,
        "segment routing SIDs (RFC 9602)",
    ),
    (
        Ipv6Addr::new(0xfc00, 0, 0, 0, 0, 0, 0, 0),
        7,
        "unique local (RFC 4193)",
    ),
    (
        Ipv6Addr::new(0xfe80, 0, 0, 0, 0, 0, 0, 0),
        10,
        "link-local unicast (RFC 4291)",
    ),
    (
        Ipv6Addr::new(0xfec0, 0, 0, 0, 0, 0, 0, 0),
        10,
        "site-local, deprecated (RFC 3879)",
    ),
    (
        Ipv6Addr::new(0xff00, 0, 0, 0, 0, 0, 0, 0),
        8,
        "multicast (RFC 4291)",
    ),
    (
        Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0, 0),
        96,
        "IPv4-mapped (RFC 4291): judged by its IPv4 address",
    ),
    (
        Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0),
        96,
        "IPv4/IPv6 translation (RFC 6052): judged by its IPv4 address",
    ),
];

/// Whether the first `prefix` bits of `a` and `b` (as big-endian numbers)
/// are the same.
fn same_prefix(a: u128, b: u128, bits: u32, prefix: u8) -> bool {
    let prefix = u32::from(prefix).min(bits);
    if prefix == 0 {
        return true;
    }
    let shift = bits - prefix;
    (a >> shift) == (b >> shift)
}

/// Whether `ip` is in the block `net`/`prefix`.
fn in_v4(ip: Ipv4Addr, net: Ipv4Addr, prefix: u8) -> bool {
    same_prefix(
        u128::from(ip.to_bits()),
        u128::from(net.to_bits()),
        32,
        prefix,
    )
}

/// Whether `ip` is in the block `net`/`prefix`.
fn in_v6(ip: Ipv6Addr, net: Ipv6Addr, prefix: u8) -> bool {
    same_prefix(ip.to_bits(), net.to_bits(), 128, prefix)
}

/// Whether `ip` is an address anyone on the internet could be: in no
/// special-purpose block (see the module's words).
pub fn public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => !SPECIAL_IPV4
            .iter()
            .any(|&(net, prefix, _)| in_v4(v4, net, prefix)),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return public(IpAddr::V4(v4));
            }
            let nat64 = Ipv6Addr::new(0x64, 0xff9b, 0, 0, 0, 0, 0, 0);
            if in_v6(v6, nat64, 96) {
                let [.., a, b, c, d] = v6.octets();
                return public(IpAddr::V4(Ipv4Addr::new(a, b, c, d)));
            }
            let global_unicast = Ipv6Addr::new(0x2000, 0, 0, 0, 0, 0, 0, 0);
            in_v6(v6, global_unicast, 3)
                && !SPECIAL_IPV6
                    .iter()
                    .any(|&(net, prefix, _)| in_v6(v6, net, prefix))
        }
    }
}
