//! The bot spec grammar.

use eons_bots::{
    parse_bot_list, BotKind, BotSpec, Budget, CutoffReward, Level, MctsConfig, SpecError,
};
use std::time::Duration;

fn mcts(s: &str) -> MctsConfig {
    match BotSpec::parse(s).expect(s).kind {
        BotKind::Mcts(c) => c,
        k => panic!("{s} parsed as {k:?}"),
    }
}

#[test]
fn simple_bots() {
    assert_eq!(BotSpec::parse("random"), Ok(BotSpec::random()));
    assert_eq!(BotSpec::parse(" Random "), Ok(BotSpec::random()));
    assert_eq!(BotSpec::parse("greedy"), Ok(BotSpec::greedy()));
    assert_eq!(
        BotSpec::parse("greedy:samples=9").map(|s| s.kind),
        Ok(BotKind::Greedy { samples: 9 })
    );
}

#[test]
fn mcts_budgets() {
    assert_eq!(mcts("mcts:1s").budget, Budget::Time(Duration::from_secs(1)));
    assert_eq!(
        mcts("mcts:500ms").budget,
        Budget::Time(Duration::from_millis(500))
    );
    assert_eq!(
        mcts("mcts:0.25s").budget,
        Budget::Time(Duration::from_millis(250))
    );
    assert_eq!(mcts("mcts:2000it").budget, Budget::Iterations(2000));
    assert_eq!(mcts("mcts:it=70").budget, Budget::Iterations(70));
    assert_eq!(
        mcts("mcts:time=2s").budget,
        Budget::Time(Duration::from_secs(2))
    );
    assert_eq!(mcts("mcts"), MctsConfig::default());
    assert_eq!(mcts("mcts"), Level::Medium.config());
}

#[test]
fn mcts_levels_and_parameters() {
    assert_eq!(mcts("mcts:easy"), Level::Easy.config());
    assert_eq!(mcts("mcts:hard"), Level::Hard.config());
    assert_eq!(mcts("mcts:hard").threads, 2);
    let c = mcts("mcts:1s,threads=2,c=1.2,depth=50");
    assert_eq!(c.threads, 2);
    assert_eq!(c.exploration, 1.2);
    assert_eq!(c.rollout_depth, 50);
    assert!(c.early_stop);
    assert!(!mcts("mcts:1s,early-stop=off").early_stop);
    assert!(mcts("mcts:1s,early-stop=on").early_stop);
    assert!(BotSpec::parse("mcts:1s,early-stop=maybe").is_err());
    // Explicit parameters win over the level whatever their order.
    assert_eq!(mcts("mcts:threads=1,hard").threads, 1);
    assert_eq!(mcts("mcts:hard:threads=1").threads, 1);
    assert_eq!(
        mcts("mcts:hard,threads=1").budget,
        Level::Hard.config().budget
    );
}

#[test]
fn mcts_cutoff_rewards() {
    assert_eq!(mcts("mcts:1s").cutoff, CutoffReward::Game);
    assert_eq!(mcts("mcts:1s,reward=game").cutoff, CutoffReward::Game);
    assert_eq!(mcts("mcts:1s,reward=leader").cutoff, CutoffReward::Leader);
    assert_eq!(
        mcts("mcts:1s,reward=graded,scale=10").cutoff,
        CutoffReward::Graded { scale: 10.0 }
    );
    // A scale alone asks for the graded reward.
    assert_eq!(
        mcts("mcts:1s,scale=2.5").cutoff,
        CutoffReward::Graded { scale: 2.5 }
    );
    for s in [
        "mcts:1s,reward=leader,scale=3",
        "mcts:1s,reward=game,scale=3",
        "mcts:1s,reward=graded",
        "mcts:1s,reward=best",
        "mcts:1s,scale=0",
        "mcts:1s,scale=-4",
        "mcts:1s,scale=inf",
        "mcts:1s,scale=ten",
    ] {
        assert!(BotSpec::parse(s).is_err(), "{s:?} was accepted");
    }
}

/// `mix=` weighs a network's leaf value against a random rollout's; it
/// needs a network and a share in (0, 1].
#[test]
fn mcts_mixed_leaves() {
    assert_eq!(mcts("mcts:1s,eval=net").net_share, 1.0);
    assert_eq!(mcts("mcts:1s").net_share, 1.0);
    assert_eq!(mcts("mcts:1s,eval=net,mix=0.25").net_share, 0.25);
    assert_eq!(mcts("mcts:1s,mix=1,eval=net").net_share, 1.0);
    // The lobby's learned level is the half-and-half mix.
    assert_eq!(mcts("mcts:learned").net_share, 0.5);
    assert_eq!(mcts("mcts:learned"), mcts("mcts:1s,eval=net,mix=0.5"));
    for s in [
        "mcts:1s,mix=0.5",
        "mcts:1s,eval=rollout,mix=0.5",
        "mcts:1s,eval=net,mix=0",
        "mcts:1s,eval=net,mix=1.5",
        "mcts:1s,eval=net,mix=-0.5",
        "mcts:1s,eval=net,mix=nan",
        "mcts:1s,eval=net,mix=half",
    ] {
        assert!(BotSpec::parse(s).is_err(), "{s:?} was accepted");
    }
}

#[test]
fn display_round_trips() {
    for s in [
        "random",
        "greedy",
        "greedy:samples=2",
        "mcts:easy",
        "mcts:medium",
        "mcts:hard",
        "mcts:2000it",
        "mcts:500ms",
        "mcts:3s,threads=2",
        "mcts:100it,threads=2,c=1.5,depth=7",
        "mcts:1s,early-stop=off",
        "mcts:1s,reward=leader",
        "mcts:1s,reward=graded,scale=10",
        "mcts:1s,reward=graded,scale=0.5",
        "mcts:1s,eval=net",
        "mcts:20ms,eval=net,mix=0.5",
    ] {
        let spec = BotSpec::parse(s).expect(s);
        assert_eq!(spec.to_string(), s);
        assert_eq!(BotSpec::parse(&spec.to_string()), Ok(spec));
    }
    // A level changed by a parameter is shown by its budget.
    assert_eq!(
        BotSpec::parse("mcts:hard,threads=1")
            .expect("ok")
            .to_string(),
        "mcts:10000it"
    );
}

#[test]
fn bad_specs_are_errors_not_panics() {
    for s in [
        "",
        "alphazero",
        "random:1s",
        "greedy:1s",
        "greedy:samples=0",
        "mcts:",
        "mcts:1s,2000it",
        "mcts:easy,hard",
        "mcts:easy,1s",
        "mcts:0it",
        "mcts:0s",
        "mcts:-3s",
        "mcts:threads=0",
        "mcts:threads=1000",
        "mcts:threads=two",
        "mcts:c=-1",
        "mcts:c=nan",
        "mcts:speed=9",
        "mcts:1s,,threads=2",
        "mcts:99999999999999999999999it",
    ] {
        assert!(BotSpec::parse(s).is_err(), "{s:?} was accepted");
    }
    assert_eq!(BotSpec::parse("  "), Err(SpecError::Empty));
    assert!(matches!(
        BotSpec::parse("mcts:1s,2000it"),
        Err(SpecError::TwoBudgets(_))
    ));
}

#[test]
fn bot_lists() {
    let list = parse_bot_list("mcts:1s,greedy,random,random").expect("ok");
    assert_eq!(list.len(), 4);
    assert_eq!(list[0].to_string(), "mcts:1s");
    assert_eq!(list[1], BotSpec::greedy());
    let list = parse_bot_list("mcts:1s,threads=2,greedy,mcts,hard,random").expect("ok");
    let names: Vec<String> = list.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        ["mcts:1s,threads=2", "greedy", "mcts:hard", "random"]
    );
    assert!(parse_bot_list("").is_err());
    assert!(parse_bot_list("threads=2,random").is_err());
    assert!(parse_bot_list("random,,random").is_err());
    assert!(parse_bot_list("random,robot").is_err());
}
