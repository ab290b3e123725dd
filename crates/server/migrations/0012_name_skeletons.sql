-- Look-alike profile names (issue 34): each player's profile keeps the
-- confusable skeleton of its name (`crate::names::look_alike_key`), unique,
-- so that `Аlice` with a Cyrillic А cannot be made beside `Alice`, and a
-- seat's name is checked against it. Profiles made before this get theirs
-- when the server starts (`Store::fill_name_skeletons`); the bots' profiles
-- keep NULL (their names are reserved another way).
ALTER TABLE profiles ADD COLUMN name_skeleton TEXT;
CREATE UNIQUE INDEX profiles_name_skeleton ON profiles (name_skeleton);
