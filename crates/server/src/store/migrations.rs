//! The schema's migrations, compiled into the binary; sqlx runs the ones a
//! database has not had.
//!
//! One source for both backends: `migrations/NNNN_name.sql` where the SQL is
//! the same for SQLite and PostgreSQL, and `migrations/sqlite/NNNN_name.sql`
//! beside `migrations/postgres/NNNN_name.sql` only where the schemas really
//! differ (column types such as `TIMESTAMPTZ` or `DOUBLE PRECISION`, an index
//! only PostgreSQL needs). sqlx keeps a SHA-384 checksum of every migration a
//! database had, and refuses to open it once that migration's text changed:
//! an applied migration's file is never edited, and the tests below hold
//! every text to the checksum databases already carry.

use futures_util::future::BoxFuture;
use sqlx::migrate::{Migration, MigrationSource, MigrationType};
use std::borrow::Cow;

/// The database a list of migrations is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Backend {
    /// SQLite.
    Sqlite,
    /// PostgreSQL.
    Postgres,
}

/// One migration's SQL.
#[derive(Debug)]
enum Sql {
    /// The same text for both backends (`migrations/NNNN_name.sql`).
    Shared(&'static str),
    /// A text for each backend (`migrations/sqlite/…`, `migrations/postgres/…`).
    PerBackend {
        /// The SQLite text.
        sqlite: &'static str,
        /// The PostgreSQL text.
        postgres: &'static str,
    },
}

impl Sql {
    /// The text `backend` runs.
    fn text(&self, backend: Backend) -> &'static str {
        match (self, backend) {
            (Sql::Shared(sql), _) => sql,
            (Sql::PerBackend { sqlite, .. }, Backend::Sqlite) => sqlite,
            (Sql::PerBackend { postgres, .. }, Backend::Postgres) => postgres,
        }
    }
}

/// A migration whose SQL both backends share.
macro_rules! shared {
    ($version:expr, $name:literal) => {
        (
            $version,
            $name,
            Sql::Shared(include_str!(concat!("../../migrations/", $name, ".sql"))),
        )
    };
}

/// A migration with a text for each backend.
macro_rules! per_backend {
    ($version:expr, $name:literal) => {
        (
            $version,
            $name,
            Sql::PerBackend {
                sqlite: include_str!(concat!("../../migrations/sqlite/", $name, ".sql")),
                postgres: include_str!(concat!("../../migrations/postgres/", $name, ".sql")),
            },
        )
    };
}

/// Every migration, in order: (version, file name, SQL). The description
/// sqlx records is the file name without its `NNNN_` prefix.
const MIGRATIONS: &[(i64, &str, Sql)] = &[
    shared!(1, "0001_games"),
    shared!(2, "0002_seed_chosen"),
    shared!(3, "0003_rematches"),
    shared!(4, "0004_bot_pace"),
    shared!(5, "0005_creator"),
    shared!(6, "0006_snapshots"),
    per_backend!(7, "0007_leases"),
    shared!(8, "0008_clocks"),
    shared!(9, "0009_chat"),
    per_backend!(10, "0010_profiles"),
    shared!(11, "0011_webhooks"),
    shared!(12, "0012_name_skeletons"),
    shared!(13, "0013_stand_in_moves"),
    shared!(14, "0014_resigned_seats"),
    shared!(15, "0015_profile_seat_tokens"),
];

/// The migrations `backend` runs, in order, as sqlx sees them.
fn resolved(backend: Backend) -> Vec<Migration> {
    MIGRATIONS
        .iter()
        .map(|(version, file, sql)| {
            let description = file.split_once('_').map_or(*file, |(_, name)| name);
            Migration::new(
                *version,
                Cow::Borrowed(description),
                MigrationType::Simple,
                Cow::Borrowed(sql.text(backend)),
                false,
            )
        })
        .collect()
}

/// The migrations compiled into the binary for one backend.
#[derive(Debug)]
pub(super) struct Embedded(pub(super) Backend);

impl<'s> MigrationSource<'s> for Embedded {
    fn resolve(self) -> BoxFuture<'s, Result<Vec<Migration>, sqlx::error::BoxDynError>> {
        Box::pin(async move { Ok(resolved(self.0)) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The SHA-384 checksum of each migration's text as the binaries before
    /// the one migration source ran it (read off `migrations/sqlite/*.sql`
    /// and `migrations/postgres/*.sql` of that commit with `sha384sum`):
    /// (version, description, SQLite, PostgreSQL). Databases carry these in
    /// `_sqlx_migrations`; a text that no longer matches would stop them
    /// from opening. A new migration is added here as it first ships
    /// (`sha384sum migrations/NNNN_name.sql`), and never changes after.
    const RECORDED: &[(i64, &str, &str, &str)] = &[
        (1, "games",
         "df662d53a54b2e91ddc77dc36962fcc749fb009e4d703825fcd91dbf870da1791ca325e4ac71c0b51aa0f2d0dd76c796",
         "df662d53a54b2e91ddc77dc36962fcc749fb009e4d703825fcd91dbf870da1791ca325e4ac71c0b51aa0f2d0dd76c796"),
        (2, "seed_chosen",
         "ff5ecf4a430931768c1f890920ff9fedb45cfaf04a1da1c89bec6e03c605fb66bc5a9d28d2bdcc524e1568829f13a905",
         "ff5ecf4a430931768c1f890920ff9fedb45cfaf04a1da1c89bec6e03c605fb66bc5a9d28d2bdcc524e1568829f13a905"),
        (3, "rematches",
         "b0826c936393e1d8e6a1e8323eec1b1cb6478f9abf5763adbb4a5b756609f2eae067c4be8850f0ddfa127cbb526d9b42",
         "b0826c936393e1d8e6a1e8323eec1b1cb6478f9abf5763adbb4a5b756609f2eae067c4be8850f0ddfa127cbb526d9b42"),
        (4, "bot_pace",
         "340b9d5dc002a2a0a5a11b98e3e50a87a8241ff815a6f378539ed5e21c643566ace9599a6b55f6029820087855ffbab2",
         "340b9d5dc002a2a0a5a11b98e3e50a87a8241ff815a6f378539ed5e21c643566ace9599a6b55f6029820087855ffbab2"),
        (5, "creator",
         "44bd04d7c4231c2e72857f909b2b18888c38fd0064bda85874bcd3b566bcf000fe19415df5071575ea49649bd0099cf0",
         "44bd04d7c4231c2e72857f909b2b18888c38fd0064bda85874bcd3b566bcf000fe19415df5071575ea49649bd0099cf0"),
        (6, "snapshots",
         "545f4de4bbe1d7fa11f836bd75bc44f448126323c6b0daa0e7e6d829217d325169421e31cbda4e45b4fa00061da3425c",
         "545f4de4bbe1d7fa11f836bd75bc44f448126323c6b0daa0e7e6d829217d325169421e31cbda4e45b4fa00061da3425c"),
        (7, "leases",
         "b598f3d028acf65e2d79fe907b5680a6774053630c77bd24a27314e6d5eafe7acf3b3dfc8ebb95a94d1f9ad3f58d1401",
         "87731019e35356238aec9ad13b0bc8c74101e80957cca4598eb6d162a402926f5a818799a34af765d5c38d1f3aedc4c8"),
        (8, "clocks",
         "5cf0f52c1697ed026c01441cddc24097453e866057fbe3376e202d5b90e1f0889d36b5e36803a85b7dc103a44207c6de",
         "5cf0f52c1697ed026c01441cddc24097453e866057fbe3376e202d5b90e1f0889d36b5e36803a85b7dc103a44207c6de"),
        (9, "chat",
         "e4532c72b53c5a7ae17d2014ff171b1557f42bfd87f6ba8073bf338c66268e5b31e1a04232fce803d51e12a169dd044d",
         "e4532c72b53c5a7ae17d2014ff171b1557f42bfd87f6ba8073bf338c66268e5b31e1a04232fce803d51e12a169dd044d"),
        (10, "profiles",
         "d0f2fe22d4b063b9850feb8ece106538a17dc7b542ff07d586928bf0dcf5c9abb9fe255c1bfe5cf926af08922acc847b",
         "6e1ee348de957c2b28b3180a5f016160ff227bf50161d0d67ac4fed361bc22aac94d884b901093fef741a968966c21c1"),
        (11, "webhooks",
         "0e580f9f4ee7ac035c9045b683e53ebbc97523f99b55282838be6d7a8fca7433cc2d180727e7e5aeb3b2625149c907bb",
         "0e580f9f4ee7ac035c9045b683e53ebbc97523f99b55282838be6d7a8fca7433cc2d180727e7e5aeb3b2625149c907bb"),
        (12, "name_skeletons",
         "55797b6a47d05510186961fad3227f954c9b993e5705ae6f4898280c5eef0a7ca7a1b3629ccfecce0985970a99305c07",
         "55797b6a47d05510186961fad3227f954c9b993e5705ae6f4898280c5eef0a7ca7a1b3629ccfecce0985970a99305c07"),
        (13, "stand_in_moves",
         "12ebdfcb53bd54f061dc82778abab48a4f05c6d3ea6aa0d49fc420b20f4cdecea04b5b239ca4b16236758dbefecdd46d",
         "12ebdfcb53bd54f061dc82778abab48a4f05c6d3ea6aa0d49fc420b20f4cdecea04b5b239ca4b16236758dbefecdd46d"),
        (14, "resigned_seats",
         "bfbbc088b251aa3bd4aa0707f911290f29a40faf9399704ece251cbfd0570ab21233392e39919588e0aedaf73d95c1b7",
         "bfbbc088b251aa3bd4aa0707f911290f29a40faf9399704ece251cbfd0570ab21233392e39919588e0aedaf73d95c1b7"),
        (15, "profile_seat_tokens",
         "9b8a9a743d4923f6e793e93324ca97d9504f16cecb1b18e6a43996abbb83cd0da74f08e033e5fb512c0bde9e5bfa0b5b",
         "9b8a9a743d4923f6e793e93324ca97d9504f16cecb1b18e6a43996abbb83cd0da74f08e033e5fb512c0bde9e5bfa0b5b"),
    ];

    fn hex(bytes: &[u8]) -> String {
        bytes.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// (version, description, checksum) of each migration `backend` runs.
    fn listed(backend: Backend) -> Vec<(i64, String, String)> {
        resolved(backend)
            .iter()
            .map(|m| (m.version, m.description.to_string(), hex(&m.checksum)))
            .collect()
    }

    fn recorded(backend: Backend) -> Vec<(i64, String, String)> {
        RECORDED
            .iter()
            .map(|(version, description, sqlite, postgres)| {
                let sum = match backend {
                    Backend::Sqlite => sqlite,
                    Backend::Postgres => postgres,
                };
                (*version, description.to_string(), sum.to_string())
            })
            .collect()
    }

    #[test]
    fn sqlite_runs_the_migration_texts_its_databases_recorded() {
        assert_eq!(listed(Backend::Sqlite), recorded(Backend::Sqlite));
    }

    #[test]
    fn postgres_runs_the_migration_texts_its_databases_recorded() {
        assert_eq!(listed(Backend::Postgres), recorded(Backend::Postgres));
    }

    #[test]
    fn a_migration_has_a_text_per_backend_only_where_the_texts_differ() {
        for (version, file, sql) in MIGRATIONS {
            if let Sql::PerBackend { sqlite, postgres } = sql {
                assert_ne!(
                    sqlite, postgres,
                    "{version} {file}: one shared file is enough"
                );
            }
        }
    }

    #[test]
    fn versions_follow_one_another_and_match_their_files() {
        for (index, (version, file, _)) in MIGRATIONS.iter().enumerate() {
            assert_eq!(*version, index as i64 + 1);
            assert_eq!(file.get(..5), Some(format!("{version:04}_").as_str()));
        }
    }
}
