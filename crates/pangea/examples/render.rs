//! Prints the terminal rendering of a mid-game position, its prompt and its legal choices.
use eons_core::{Game, GameRng, Turn};
use eons_pangea::Pangea;
fn main() {
    let setup = Pangea::setup(3, &[]).expect("setup");
    let mut s = Pangea::new(&setup, 42).expect("new");
    let mut rng = GameRng::new(5);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    for _ in 0..120 {
        let Turn::Seat(_) = Pangea::turn(&s) else {
            break;
        };
        legal.clear();
        Pangea::legal(&s, &mut legal);
        let c = legal[rng.index(legal.len())];
        Pangea::apply(&mut s, c, &mut ev).expect("legal");
    }
    let Turn::Seat(seat) = Pangea::turn(&s) else {
        return;
    };
    println!("{}", Pangea::render(&Pangea::view(&s, Some(seat))));
    println!("{}", Pangea::prompt(&s));
    legal.clear();
    Pangea::legal(&s, &mut legal);
    for c in legal.iter().take(8) {
        println!("  - {}", Pangea::describe_choice(&s, *c));
    }
    for e in ev.iter().rev().take(6).rev() {
        println!("  log: {}", Pangea::describe_event(&s, e));
    }
}
