//! The schema's migrations, compiled into the binary (`migrations/sqlite`
//! and `migrations/postgres`; sqlx runs the ones a database has not had).

use futures_util::future::BoxFuture;
use sqlx::migrate::{Migration, MigrationSource, MigrationType};
use std::borrow::Cow;

/// Migrations compiled into the binary, in order: (version, name, SQL).
#[derive(Debug)]
pub(super) struct Embedded(pub(super) &'static [(i64, &'static str, &'static str)]);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async move {
            Ok(self
                .0
                .iter()
                .map(|(v, d, sql)| {
                    Migration::new(
                        *v,
                        Cow::Borrowed(*d),
                        MigrationType::Simple,
                        Cow::Borrowed(*sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

/// The SQLite schema, migration by migration.
pub(super) const SQLITE_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games",
        include_str!("../../migrations/sqlite/0001_games.sql"),
    ),
    (
        2,
        "seed_chosen",
        include_str!("../../migrations/sqlite/0002_seed_chosen.sql"),
    ),
    (
        3,
        "rematches",
        include_str!("../../migrations/sqlite/0003_rematches.sql"),
    ),
    (
        4,
        "bot_pace",
        include_str!("../../migrations/sqlite/0004_bot_pace.sql"),
    ),
    (
        5,
        "creator",
        include_str!("../../migrations/sqlite/0005_creator.sql"),
    ),
    (
        6,
        "snapshots",
        include_str!("../../migrations/sqlite/0006_snapshots.sql"),
    ),
    (
        7,
        "leases",
        include_str!("../../migrations/sqlite/0007_leases.sql"),
    ),
    (
        8,
        "clocks",
        include_str!("../../migrations/sqlite/0008_clocks.sql"),
    ),
    (
        9,
        "chat",
        include_str!("../../migrations/sqlite/0009_chat.sql"),
    ),
    (
        10,
        "profiles",
        include_str!("../../migrations/sqlite/0010_profiles.sql"),
    ),
    (
        11,
        "webhooks",
        include_str!("../../migrations/sqlite/0011_webhooks.sql"),
    ),
    (
        12,
        "name_skeletons",
        include_str!("../../migrations/sqlite/0012_name_skeletons.sql"),
    ),
];
/// The PostgreSQL schema, migration by migration.
pub(super) const POSTGRES_MIGRATIONS: &[(i64, &str, &str)] = &[
    (
        1,
        "games",
        include_str!("../../migrations/postgres/0001_games.sql"),
    ),
    (
        2,
        "seed_chosen",
        include_str!("../../migrations/postgres/0002_seed_chosen.sql"),
    ),
    (
        3,
        "rematches",
        include_str!("../../migrations/postgres/0003_rematches.sql"),
    ),
    (
        4,
        "bot_pace",
        include_str!("../../migrations/postgres/0004_bot_pace.sql"),
    ),
    (
        5,
        "creator",
        include_str!("../../migrations/postgres/0005_creator.sql"),
    ),
    (
        6,
        "snapshots",
        include_str!("../../migrations/postgres/0006_snapshots.sql"),
    ),
    (
        7,
        "leases",
        include_str!("../../migrations/postgres/0007_leases.sql"),
    ),
    (
        8,
        "clocks",
        include_str!("../../migrations/postgres/0008_clocks.sql"),
    ),
    (
        9,
        "chat",
        include_str!("../../migrations/postgres/0009_chat.sql"),
    ),
    (
        10,
        "profiles",
        include_str!("../../migrations/postgres/0010_profiles.sql"),
    ),
    (
        11,
        "webhooks",
        include_str!("../../migrations/postgres/0011_webhooks.sql"),
    ),
    (
        12,
        "name_skeletons",
        include_str!("../../migrations/postgres/0012_name_skeletons.sql"),
    ),
];
