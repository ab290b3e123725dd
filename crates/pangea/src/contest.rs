//! Contests (rulebook p.14, General Rules: Contest; p.16 Inactive and Toxic).
//!
//! Procedure (reference 6.1, rulings B1–B5): both animals are held off the board while the
//! contest runs. 0: printed Expansiveness plus evolution modifiers, then the neutral bonus roll;
//! 1: the attacker's owner may play contest cards; 2: then the defender's owner; 3: compare —
//! a tie goes to the defender (ruling B1) — and work out who dies (Toxic, devour, niche 0);
//! 4: the loser's owner may play Escape; 5: the winner takes the niche, the loser withdraws one
//! niche (skipping niches of its own group, ruling B3) or is removed, and on-win effects run.
//! The Sauropsida draw is the player's choice ("you can draw", rulebook ch. 9): a
//! [`Decision::DrawOnWin`] right after the contest, before any chain contest of the loser.
//!
//! The procedure itself is automatic (a [`Task::Contest`] of the engine's table), so this is no
//! decision module: the decisions it asks belong to the contest cards' modules
//! (`cards/contest.rs`) and to the Sauropsida draw's (`phases.rs`).

use crate::data::{Ability, Data, SoloTrigger};
use crate::queries;
use crate::state::{Cause, Contest, Decision, Event, State, Task};
use crate::types::{Animal, Placed, Region};

/// Starts a contest in (region, niche) between two animals already taken off the board.
#[allow(clippy::too_many_arguments)]
pub fn start(
    s: &mut State,
    _d: &Data,
    region: Region,
    niche: u8,
    attacker: Animal,
    defender: Animal,
    kill: bool,
    ev: &mut Vec<Event>,
) {
    ev.push(Event::ContestBegan {
        region,
        niche,
        attacker: attacker.group,
        defender: defender.group,
    });
    s.tasks.push(Task::Contest(Contest {
        region,
        niche,
        attacker,
        defender,
        kill,
        attack: 0,
        defence: 0,
        step: 0,
        attacker_wins: false,
        loser_dies: false,
        winner_dies: false,
    }));
}

fn neutral_bonus(s: &mut State, d: &Data, a: Animal) -> Option<(u8, i32)> {
    if a.inactive() {
        return None;
    }
    let i = s.neutral_of(a.group)? as usize;
    if s.neutrals[i].track == 0 {
        return None;
    }
    s.neutrals[i].track -= 1;
    let roll = s.d6();
    Some((roll, d.group(a.group).neutral.field[roll as usize - 1]))
}

/// Runs a contest from its current step.
pub fn run(s: &mut State, d: &Data, mut c: Contest, ev: &mut Vec<Event>) {
    loop {
        match c.step {
            0 => {
                c.attack = queries::expansiveness(d, s, c.attacker, c.region, true);
                c.defence = queries::expansiveness(d, s, c.defender, c.region, false);
                // Stated: a neutral animal discards an Adaptation Track marker and rolls its
                // bonus (rulebook p.15, Contest with Neutral Animals). Ruling B5: roll first.
                for attacker in [true, false] {
                    let a = if attacker { c.attacker } else { c.defender };
                    if let Some((roll, bonus)) = neutral_bonus(s, d, a) {
                        ev.push(Event::NeutralBonus {
                            group: a.group,
                            roll,
                            bonus,
                        });
                        if attacker {
                            c.attack += bonus;
                        } else {
                            c.defence += bonus;
                        }
                    }
                }
                c.step = 1;
            }
            1 | 2 => {
                let a = if c.step == 1 { c.attacker } else { c.defender };
                if let Some(seat) = s.seat_of(a.group) {
                    // The owner is asked whenever it holds any active card: they lie face
                    // down, so asking only a holder of a bonus card (or of Recovery, which an
                    // Inactive contestant may play first, ruling D5) would tell the table
                    // what it holds. Their number is public.
                    if !s.player(seat).active.is_empty() {
                        s.tasks.push(Task::Contest(c));
                        s.decision = Some(Decision::ContestCards(seat));
                        return;
                    }
                }
                c.step += 1;
            }
            3 => {
                c.attacker_wins = c.attack > c.defence;
                let (w, l) = if c.attacker_wins {
                    (c.attacker, c.defender)
                } else {
                    (c.defender, c.attacker)
                };
                // Toxic (rulebook p.16): a Toxic winner dies together with the loser; a
                // devoured Toxic animal takes the winner with it (ruling B4). An animal a
                // contest never removes (Scutosaurus) is not devoured, so its Toxic marker
                // does not kill the winner either.
                c.loser_dies = (c.kill || queries::devours(d, s, w, c.attacker_wins) || w.toxic())
                    && !queries::immune(d, s, l);
                c.winner_dies =
                    (w.toxic() || (l.toxic() && c.loser_dies)) && !queries::immune(d, s, w);
                ev.push(Event::ContestDecided {
                    winner: w.group,
                    loser: l.group,
                    attack: c.attack,
                    defence: c.defence,
                });
                c.step = 4;
            }
            4 => {
                let l = if c.attacker_wins {
                    c.defender
                } else {
                    c.attacker
                };
                if c.loser_dies {
                    if let Some(seat) = s.seat_of(l.group) {
                        // Asked whenever it holds an active card, as above.
                        if !s.player(seat).active.is_empty() {
                            s.tasks.push(Task::Contest(c));
                            s.decision = Some(Decision::Escape(seat));
                            return;
                        }
                    }
                }
                c.step = 5;
            }
            _ => {
                finish(s, d, c, ev);
                return;
            }
        }
    }
}

fn finish(s: &mut State, d: &Data, c: Contest, ev: &mut Vec<Event>) {
    let (w, l) = if c.attacker_wins {
        (c.attacker, c.defender)
    } else {
        (c.defender, c.attacker)
    };
    let at = |a: Animal| Placed {
        region: c.region,
        niche: c.niche,
        animal: a,
    };
    if c.winner_dies {
        ev.push(Event::Removed {
            spot: at(w).spot(),
            cause: Cause::Toxic,
        });
    } else {
        s.put(at(w));
    }
    // On-win effects. Lethality (ruling D8) logs every removal of the loser caused by the
    // contest: devoured, a niche-0 loss, Toxic, or an Inactive loser forced to withdraw
    // (rulebook p.16: "whenever an Animal with the Inactive Marker is forced to Migrate, it is
    // removed").
    // A loser already in niche 0 that escaped stays put: it is not forced to migrate, so its
    // Inactive marker does not remove it (Escape: "if it is already in niche 0, it stays").
    let loser_removed = c.loser_dies || (c.niche > 0 && l.inactive() && !queries::immune(d, s, l));
    let mut draw = None;
    if let Some(seat) = s.seat_of(w.group) {
        if loser_removed && w.group != l.group {
            s.player_mut(seat).kill = true;
        }
        if let Ability::DrawOnWin(count) = d.group(w.group).ability {
            draw = Some(Task::DrawOnWin { seat, count });
        }
        if s.setup.solo()
            && w.bearer()
            && s.neutral_of(l.group).is_some()
            && d.conditions[w.group as usize].trigger == SoloTrigger::WinVsNeutral
        {
            crate::effects::place_condition(s, d, c.region, c.niche, ev);
        }
    }
    if c.loser_dies {
        ev.push(Event::Removed {
            spot: at(l).spot(),
            cause: if w.toxic() {
                Cause::Toxic
            } else {
                Cause::Contest
            },
        });
    } else {
        withdraw(s, d, c.region, c.niche, l, ev);
    }
    // Sauropsida: the optional draw is offered at once, before a chain contest of the loser.
    if let Some(t) = draw {
        s.tasks.push(t);
    }
}

/// A loser withdraws one niche in the same region (rulebook p.14). Niches held by its own
/// group are skipped (ruling B3); a rival in niche 1 starts a chain contest. An Inactive animal
/// forced to move is removed instead (rulebook p.16; ruling C1).
pub fn withdraw(s: &mut State, d: &Data, region: Region, from: u8, a: Animal, ev: &mut Vec<Event>) {
    let spot = Placed {
        region,
        niche: from,
        animal: a,
    }
    .spot();
    if from == 0 {
        // Nowhere lower to go (an escaped niche-0 loser): it stays, and staying is not a
        // forced migration.
        s.put(Placed {
            region,
            niche: 0,
            animal: a,
        });
        return;
    }
    if a.inactive() && !queries::immune(d, s, a) {
        ev.push(Event::Removed {
            spot,
            cause: Cause::Forced,
        });
        return;
    }
    let mut n = from;
    loop {
        if n == 0 {
            break;
        }
        n -= 1;
        if n == 0 {
            break;
        }
        match s.occupant(region, n) {
            None => break,
            Some(o) if s.animals[o].animal.group == a.group => continue,
            Some(o) => {
                ev.push(Event::Moved {
                    from: spot,
                    region,
                    niche: n,
                });
                let def = s.take(o).animal;
                start(s, d, region, n, a, def, false, ev);
                return;
            }
        }
    }
    if n != from {
        ev.push(Event::Moved {
            from: spot,
            region,
            niche: n,
        });
    }
    s.put(Placed {
        region,
        niche: n,
        animal: a,
    });
}
