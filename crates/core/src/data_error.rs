//! [`DataError`]: a component data file of a game that cannot be used, the
//! one error type of every engine's data reader (`data/<game>/*.toml`).

use std::borrow::Cow;

/// A data file that cannot be used: the folder, the file, the field and
/// what is wrong ("data/marine/display.toml: section[3].space[2].vent: …").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{folder}/{file}: {field}: {message}")]
pub struct DataError {
    /// The game's data folder, e.g. `data/marine`.
    pub folder: &'static str,
    /// The file, e.g. `display.toml`.
    pub file: Cow<'static, str>,
    /// The field, a path such as `section[3].space[2].vent`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

impl DataError {
    /// An error in `file` of `folder` at `field`.
    pub fn new(
        folder: &'static str,
        file: impl Into<Cow<'static, str>>,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> DataError {
        DataError {
            folder,
            file: file.into(),
            field: field.into(),
            message: message.into(),
        }
    }
}
