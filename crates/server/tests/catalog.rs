//! `GET /api/kinds/{game}/catalog` against a real server: every card of each
//! game with a non-empty text, and each card's `reconstructed` flag as the
//! data files under `data/` mark it (read here independently of the engines);
//! and the earth's place labels there, which the board takes from the
//! catalog once rather than from every push; and each game's rules in
//! brief (`GET /api/kinds/{game}/rules`) as its `rules.toml` has them.

use crate::common;

use common::{client, get, temp_dir, Server};
use serde_json::Value;
use std::collections::BTreeMap;

/// The data file's text, parsed.
fn data_file(path: &str) -> toml::Table {
    let full = format!("{}/../../data/{path}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&full).unwrap_or_else(|e| panic!("{full}: {e}"));
    text.parse().unwrap_or_else(|e| panic!("{full}: {e}"))
}

fn entries<'a>(t: &'a toml::Table, key: &str) -> &'a Vec<toml::Value> {
    t[key]
        .as_array()
        .unwrap_or_else(|| panic!("a `{key}` list"))
}

fn text_of<'a>(v: &'a toml::Value, key: &str) -> &'a str {
    v.get(key).and_then(|x| x.as_str()).unwrap_or("")
}

/// The served catalog's cards by id: (kind, name, text, reconstructed).
fn cards(catalog: &Value) -> BTreeMap<String, (String, String, String, bool)> {
    let list = catalog["cards"].as_array().expect("`cards` is a list");
    let mut out = BTreeMap::new();
    for c in list {
        let id = c["id"].as_str().expect("id").to_string();
        let entry = (
            c["kind"].as_str().expect("kind").to_string(),
            c["name"].as_str().expect("name").to_string(),
            c["text"].as_str().expect("text").to_string(),
            c["reconstructed"]
                .as_bool()
                .expect("reconstructed is a boolean"),
        );
        assert!(!entry.1.trim().is_empty(), "{id} has a name");
        assert!(!entry.2.trim().is_empty(), "{id} has a text");
        assert!(
            out.insert(id.clone(), entry).is_none(),
            "{id} is listed once"
        );
    }
    out
}

fn count(cards: &BTreeMap<String, (String, String, String, bool)>, kind: &str) -> usize {
    cards.values().filter(|c| c.0 == kind).count()
}

/// The kebab-case data name as the view spells the card: `bountiful-habitat` → `BountifulHabitat`.
fn camel(name: &str) -> String {
    name.split('-')
        .map(|w| {
            let mut c = w.chars();
            c.next()
                .map(|f| f.to_uppercase().chain(c).collect::<String>())
                .unwrap_or_default()
        })
        .collect()
}

#[tokio::test]
async fn every_card_of_every_game_is_served_with_its_text_and_mark() {
    let dir = temp_dir("catalog");
    let s = Server::start(&dir.join("eons.sqlite").display().to_string(), 0);
    let c = client();

    // Dominant Species: 26 Dominance cards and Survival; `text_mark = "reconstructed"`.
    let r = get(&c, &s.url("/api/kinds/ds/catalog")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let ds = cards(&r.body);
    assert_eq!(count(&ds, "dominance"), 26);
    assert_eq!(count(&ds, "survival"), 1);
    let file = data_file("dominant-species/cards.toml");
    for card in entries(&file, "card") {
        let id = text_of(card, "key");
        let served = ds.get(id).unwrap_or_else(|| panic!("{id} served"));
        assert_eq!(served.2, text_of(card, "text"), "{id}: the data's text");
        assert_eq!(
            served.3,
            text_of(card, "text_mark") == "reconstructed",
            "{id}: mark"
        );
    }
    let survival = &file["survival"];
    assert_eq!(
        ds["Survival"].3,
        text_of(survival, "text_mark") == "reconstructed"
    );
    assert!(ds.values().any(|c| c.3) && ds.values().any(|c| !c.3));
    assert_eq!(r.body["migration"], serde_json::json!([7, 6, 5, 4, 3, 2]));
    assert_eq!(r.body["sections"].as_array().map(Vec::len), Some(12));
    assert!(r.body["labels"].as_array().is_some_and(|l| !l.is_empty()));

    // Marine: 35 evolution and 18 trait cards, and Survival.
    let r = get(&c, &s.url("/api/kinds/marine/catalog")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let marine = cards(&r.body);
    assert_eq!(count(&marine, "evolution"), 35);
    assert_eq!(count(&marine, "trait"), 18);
    assert_eq!(count(&marine, "survival"), 1);
    let file = data_file("marine/cards.toml");
    for (key, kind) in [("evolution", "evolution"), ("trait", "trait")] {
        for card in entries(&file, key) {
            let id = camel(text_of(card, "name"));
            let served = marine.get(&id).unwrap_or_else(|| panic!("{id} served"));
            assert_eq!(served.0, kind);
            assert_eq!(served.2, text_of(card, "text"), "{id}: the data's text");
            let mark = text_of(card, "text_mark");
            assert_eq!(
                served.3,
                mark == "reconstructed" || mark == "placeholder",
                "{id}: mark"
            );
        }
    }
    let specials = r.body["sections"]
        .as_array()
        .expect("sections")
        .iter()
        .flat_map(|s| s["spaces"].as_array().cloned().unwrap_or_default())
        .filter(|sp| sp["special"] == true)
        .count();
    assert_eq!(specials, 6);

    // Pangea: every adaptation, evolution, objective, Turn of the Ages and
    // cataclysm entry of the data, marked as its status says.
    let r = get(&c, &s.url("/api/kinds/pangea/catalog")).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let pangea = cards(&r.body);
    for (path, key, kind) in [
        ("pangea/adaptation.toml", "card", "adaptation"),
        ("pangea/evolution.toml", "card", "evolution"),
        ("pangea/objectives.toml", "tile", "objective"),
        ("pangea/ages.toml", "card", "turn_of_the_ages"),
        ("pangea/doom.toml", "cataclysm", "cataclysm"),
    ] {
        let file = data_file(path);
        let list = entries(&file, key);
        assert_eq!(count(&pangea, kind), list.len(), "{path}");
        for card in list {
            let id = text_of(card, "id");
            let served = pangea.get(id).unwrap_or_else(|| panic!("{id} served"));
            assert_eq!(served.0, kind);
            assert!(served.2.starts_with(text_of(card, "text")), "{id}: text");
            let marked = |k: &str| matches!(text_of(card, k), "reconstructed" | "ruling");
            assert_eq!(
                served.3,
                marked("status") || marked("requirement_status"),
                "{id}: mark"
            );
        }
    }
    assert_eq!(r.body["regions"].as_array().map(Vec::len), Some(20));

    // An unknown game: the usual JSON error.
    let r = get(&c, &s.url("/api/kinds/chess/catalog")).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.body["error"]["code"], "not_found");
}

/// The corner of `labels` (the catalog's `corner_labels`) at `q`, `r`,
/// `point`.
fn corner_at<'a>(labels: &'a Value, q: &Value, r: &Value, point: &Value) -> &'a Value {
    labels
        .as_array()
        .and_then(|all| {
            all.iter()
                .find(|c| &c["q"] == q && &c["r"] == r && &c["point"] == point)
        })
        .unwrap_or_else(|| panic!("no corner ({q}, {r}, {point}) in the catalog"))
}

/// The two games on earth: a view's `ui` draws hexes and discs by the
/// labels the texts use, and leaves the labels of every hex and corner (which
/// never change) to the catalog, where the board finds them.
#[tokio::test]
async fn the_board_labels_come_from_the_catalog_and_not_with_every_view() {
    let dir = temp_dir("catalog-labels");
    let s = Server::start(&dir.join("eons.sqlite").display().to_string(), 0);
    let c = client();
    for game in ["ds", "marine"] {
        let catalog = get(&c, &s.url(&format!("/api/kinds/{game}/catalog")))
            .await
            .body;
        let hexes = catalog["labels"].as_array().expect("hex labels");
        let centre = hexes
            .iter()
            .find(|h| h["q"] == 0 && h["r"] == 0)
            .expect("the centre hex");
        assert_eq!(centre["label"], "D7", "{game}");
        let east = corner_at(&catalog["corner_labels"], &0.into(), &0.into(), &"E".into());
        assert_eq!(east["label"], "D7/E6/E8", "{game}");

        let (id, _) = common::create(
            &s,
            &c,
            serde_json::json!({"game": game, "players": 2, "seats": [{}, {}]}),
        )
        .await;
        let view = get(&c, &s.url(&format!("/api/games/{id}/view"))).await.body;
        let ui = &view["ui"];
        assert!(ui.get("corner_labels").is_none(), "{game}: {ui}");
        assert!(ui.get("labels").is_none(), "{game}: {ui}");
        if game == "ds" {
            let d7 = ui["hexes"]
                .as_array()
                .and_then(|all| all.iter().find(|h| h["q"] == 0 && h["r"] == 0))
                .expect("the centre hex in the ui");
            assert_eq!(d7["label"], "D7");
            assert_eq!(d7["species"].as_array().map(Vec::len), Some(6));
            let discs = ui["elements"].as_array().expect("element discs");
            assert!(!discs.is_empty(), "the earth starts with element discs");
            for d in discs {
                let corner = corner_at(&catalog["corner_labels"], &d["q"], &d["r"], &d["point"]);
                assert_eq!(corner["label"], d["label"], "disc {d}");
                assert!(d["element"].is_string(), "disc {d}");
            }
        } else {
            assert!(ui["text"].is_string(), "marine: {ui}");
        }
    }
}

/// `GET /api/kinds/{game}/rules` (issue 36): each game's rules in brief as
/// its data file `data/<game>/rules.toml` has them (read here independently
/// of the engines), every section with its slug, title, pages and summary,
/// for the rules page and the table's links from a prompt's citation.
#[tokio::test]
async fn every_game_serves_its_rules_summary_from_its_data_file() {
    let dir = temp_dir("rules");
    let s = Server::start(&dir.join("eons.sqlite").display().to_string(), 0);
    let c = client();
    for (game, folder) in [
        ("ds", "dominant-species"),
        ("marine", "marine"),
        ("pangea", "pangea"),
    ] {
        let r = get(&c, &s.url(&format!("/api/kinds/{game}/rules"))).await;
        assert_eq!(r.status, 200, "{game}: {}", r.body);
        let file = data_file(&format!("{folder}/rules.toml"));
        assert_eq!(r.body["game"].as_str(), file["game"].as_str(), "{game}");
        let served = r.body["section"].as_array().expect("`section` is a list");
        let sections = entries(&file, "section");
        assert_eq!(served.len(), sections.len(), "{game}: every section");
        for (got, want) in served.iter().zip(sections) {
            let id = text_of(want, "id");
            assert_eq!(got["id"].as_str(), Some(id), "{game}: in the file's order");
            assert_eq!(got["title"].as_str(), Some(text_of(want, "title")), "{id}");
            assert_eq!(
                got["summary"].as_str(),
                Some(text_of(want, "summary")),
                "{id}"
            );
            assert!(
                got["pages"].as_array().is_some_and(|p| !p.is_empty()),
                "{id}"
            );
        }
        let overview = r.body["overview"].as_array().expect("`overview` is a list");
        assert!(overview.len() >= 4, "{game}: goal, setup, play, end");
    }
    let r = get(&c, &s.url("/api/kinds/chess/rules")).await;
    assert_eq!(r.status, 404);
    assert_eq!(r.body["error"]["code"], "not_found");
}
