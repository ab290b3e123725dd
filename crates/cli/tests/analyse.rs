//! `eons analyse` on a Card Race game recorded by `eons tournament --out`.

use crate::common;

use common::*;

#[test]
fn analyse_prints_the_chart_and_the_drops_and_the_json() {
    let file = scratch("analyse.jsonl");
    ok(&eons(
        &[
            "tournament",
            "demo",
            "--bots",
            "greedy,random,random",
            "--games",
            "3",
            // Game 1 of seed 7 has a drop: in Card Race a seat's own card
            // rarely lowers its chances (never with two seats).
            "--seed",
            "7",
            "--out",
            path_str(&file),
        ],
        "",
    ));
    let args = |extra: &[&str]| {
        let mut a = vec![
            "analyse",
            path_str(&file),
            "--game-index",
            "1",
            "--bot",
            "mcts:100it",
        ];
        a.extend_from_slice(extra);
        a.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        let a: Vec<&str> = a.iter().map(String::as_str).collect();
        eons(&a, "")
    };
    let text = ok(&run(&["--drops", "3"]));
    assert!(text.contains("win probabilities from evaluate"), "{text}");
    assert!(text.contains("Win probability, step 0 to"), "{text}");
    assert!(text.contains("(won)"), "{text}");
    assert!(
        text.contains("Biggest drops (the bot: mcts:100it):"),
        "{text}"
    );
    let sentences: Vec<&str> = text
        .lines()
        .filter(|l| l.contains("chances fell from"))
        .collect();
    assert!(!sentences.is_empty() && sentences.len() <= 3, "{text}");
    assert!(
        sentences
            .iter()
            .all(|l| l.contains("the bot would have chosen")
                || l.contains("the bot would have made the same choice")),
        "{text}"
    );

    let json: serde_json::Value =
        serde_json::from_str(&ok(&run(&["--json", "--drops", "3"]))).expect("json");
    assert_eq!(json["estimator"], "evaluate");
    let steps = json["steps"].as_array().expect("steps");
    let record: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&file)
            .expect("records")
            .lines()
            .nth(1)
            .expect("game 1"),
    )
    .expect("record");
    let choices = record["choices"].as_array().expect("choices").len();
    assert_eq!(steps.len(), choices + 1);
    for row in steps {
        let sum: f64 = row["win"]
            .as_array()
            .expect("win")
            .iter()
            .filter_map(|p| p.as_f64())
            .sum();
        assert!((sum - 1.0).abs() < 1e-6, "{row}");
    }
    let drops = json["drops"].as_array().expect("drops");
    assert_eq!(drops.len(), sentences.len());
    for d in drops {
        assert!(d["before"].as_f64() > d["after"].as_f64(), "{d}");
    }

    // Errors: no game chosen in a file of two, another game's record, bad JSON.
    let err = fails(&eons(&["analyse", path_str(&file)], ""));
    assert!(err.contains("--game-index"), "{err}");
    let other = scratch("analyse-other.json");
    std::fs::write(
        &other,
        r#"{"game": "demo", "setup": 5, "seed": 1, "choices": []}"#,
    )
    .expect("write");
    assert!(fails(&eons(&["analyse", path_str(&other)], "")).contains("not a valid"));
    std::fs::write(&other, "{ not json").expect("write");
    assert!(fails(&eons(&["analyse", path_str(&other)], "")).contains("not valid JSON"));
}
