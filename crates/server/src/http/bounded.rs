//! Lists in request bodies read with a cap: a list longer than its cap is
//! refused while it is read (400), before the rest of it is kept in memory.

use serde::de::{Deserialize, Deserializer, Error, SeqAccess, Visitor};
use std::fmt;
use std::marker::PhantomData;

/// The most options a create request may list while it is read (each game
/// then allows at most as many as it has: [`eons_core::check_options`]).
pub const MAX_OPTIONS: usize = 32;

/// Reads a list of at most `max` items, refusing a longer one as soon as
/// its item `max + 1` is read; `what` names the list in the error.
fn at_most<'de, D, T>(d: D, max: usize, what: &'static str) -> Result<Vec<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    struct Bounded<T> {
        max: usize,
        what: &'static str,
        item: PhantomData<fn() -> T>,
    }
    impl<'de, T: Deserialize<'de>> Visitor<'de> for Bounded<T> {
        type Value = Vec<T>;
        fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "a list of at most {} {}", self.max, self.what)
        }
        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
            let mut out = Vec::new();
            while let Some(item) = seq.next_element()? {
                if out.len() == self.max {
                    return Err(A::Error::custom(format!(
                        "more than {} {}",
                        self.max, self.what
                    )));
                }
                out.push(item);
            }
            Ok(out)
        }
    }
    d.deserialize_seq(Bounded {
        max,
        what,
        item: PhantomData,
    })
}

/// A create request's `options`: at most [`MAX_OPTIONS`].
pub fn options<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    at_most(d, MAX_OPTIONS, "options")
}

/// A create request's `seats`: at most [`crate::services::live::MAX_PLAYERS`].
pub fn seats<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Vec<crate::services::live::SeatSpec>, D::Error> {
    at_most(d, crate::services::live::MAX_PLAYERS, "seats")
}

#[cfg(test)]
mod tests {
    #[derive(serde::Deserialize, Debug)]
    struct Body {
        #[serde(default, deserialize_with = "super::options")]
        options: Vec<String>,
    }

    #[test]
    fn a_list_up_to_its_cap_is_read() {
        let body: Body = serde_json::from_str(r#"{"options": ["a", "b"]}"#).expect("two options");
        assert_eq!(body.options, ["a", "b"]);
        let body: Body = serde_json::from_str("{}").expect("no options");
        assert!(body.options.is_empty());
    }

    #[test]
    fn a_longer_list_is_refused_by_name() {
        let many = serde_json::to_string(&vec!["x"; 190_000]).expect("JSON");
        let e = serde_json::from_str::<Body>(&format!(r#"{{"options": {many}}}"#)).unwrap_err();
        assert!(e.to_string().contains("more than 32 options"), "{e}");
    }
}
