//! The game state, the engine's pending work, decisions, choices and events.

use crate::animals::Animals;
use crate::data::NeutralAct;
use crate::types::{Action, AdaptationId, Animal, Group, Region, Regions, Spot, Tile};
use eons_core::GameRng;
use serde::{Deserialize, Serialize};

/// Everything chosen before the first decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Setup {
    /// Number of players (1–4). One player is the solo mode.
    pub players: u8,
    /// Each seat's group; `None` draws them at random from the seed.
    #[serde(default)]
    pub groups: Option<Vec<Group>>,
    /// Final dominance scores 1 per surviving animal instead of 1 + niche (ruling A5).
    #[serde(default)]
    pub flat_final: bool,
    /// Which migration steps earn the Synapsids' solo condition marker (p.28): the
    /// `synapsids-marker` option, a reading named in `docs/rulings.md`.
    #[serde(default, skip_serializing_if = "SynapsidsMarker::is_default")]
    pub synapsids_marker: SynapsidsMarker,
    /// When the Amphibians' AP for a card used before its action comes (p.27): the
    /// `amphibians-ap` option, a reading named in `docs/rulings.md`.
    #[serde(default, skip_serializing_if = "AmphibiansAp::is_default")]
    pub amphibians_ap: AmphibiansAp,
}

/// Which steps of the solo Synapsids' bearer place a condition marker (p.28: "when the
/// Animal with an Objective Marker migrates to a Climate Zone without a Condition Marker").
/// The rulebook names the destination only, so the default counts every step; players who
/// read "migrates to" as crossing into the zone choose `entering`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SynapsidsMarker {
    /// Any migration step ending in a climate zone without a marker (p.28 as written).
    #[default]
    AnyStep,
    /// Only a step from another climate zone (row) into one without a marker.
    Entering,
}

impl SynapsidsMarker {
    /// True for the default reading, which a stored setup leaves out (so
    /// setups stored before the option existed read back the same).
    pub fn is_default(&self) -> bool {
        *self == SynapsidsMarker::default()
    }

    /// The option's value for this reading.
    pub fn name(self) -> &'static str {
        match self {
            SynapsidsMarker::AnyStep => "any-step",
            SynapsidsMarker::Entering => "entering",
        }
    }

    /// The reading an option value names.
    pub fn parse(value: &str) -> Option<SynapsidsMarker> {
        match value {
            "any-step" => Some(SynapsidsMarker::AnyStep),
            "entering" => Some(SynapsidsMarker::Entering),
            _ => None,
        }
    }
}

/// When the Amphibians receive their AP for Land Bridge, Nesting Site and Fertility, the
/// cards used before the Migrate or Populate they change (p.27: "Whenever you use an active
/// Adaptation Card, you receive 1 Action Point ... right after meeting the requirement of the
/// ability"). The default gives it when the card is used; `after-action` gives it once the
/// action has used the card, and not at all if no such action follows that turn.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AmphibiansAp {
    /// When the card is used, as for every other card (p.27 as written).
    #[default]
    OnUse,
    /// After the Migrate or Populate that the card changed.
    AfterAction,
}

impl AmphibiansAp {
    /// True for the default reading, which a stored setup leaves out.
    pub fn is_default(&self) -> bool {
        *self == AmphibiansAp::default()
    }

    /// The option's value for this reading.
    pub fn name(self) -> &'static str {
        match self {
            AmphibiansAp::OnUse => "on-use",
            AmphibiansAp::AfterAction => "after-action",
        }
    }

    /// The reading an option value names.
    pub fn parse(value: &str) -> Option<AmphibiansAp> {
        match value {
            "on-use" => Some(AmphibiansAp::OnUse),
            "after-action" => Some(AmphibiansAp::AfterAction),
            _ => None,
        }
    }
}

impl Setup {
    /// True in the solo mode.
    pub fn solo(&self) -> bool {
        self.players == 1
    }
}

/// Who controls a group.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Owner {
    /// A player at this seat.
    Seat(u8),
    /// A neutral group (index into [`State::neutrals`]).
    Neutral(u8),
    /// Not in the game.
    Absent,
}

/// A player's board and hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// The group led.
    pub group: Group,
    /// Dominance points.
    pub dominance: i32,
    /// Action points.
    pub ap: i32,
    /// Times each action was taken this stage (adapt, populate, migrate, survive).
    pub used: [u8; 4],
    /// Passed this stage.
    pub passed: bool,
    /// Field of the instinct marker.
    pub instinct: u8,
    /// Track fields whose tile this seat has seen (bit per field). Secret.
    pub known: u32,
    /// Adaptation cards in the Inactive zone (design ids, sorted). Secret.
    pub hand: Vec<AdaptationId>,
    /// Active adaptation cards (design ids, sorted; face down). Secret.
    pub active: Vec<AdaptationId>,
    /// Active evolution cards (bit k: the group's k-th card).
    #[serde(rename = "evo")]
    pub evolution: u8,
    /// Objective slots claimed this epoch (bit per slot).
    pub claimed: u8,
    /// Invertebrates: animals removed by the ability this stage.
    pub shed: u8,
    /// Invertebrates: the ability was used this stage.
    pub shed_used: bool,
    /// A Populate was performed this stage (Rapid Reproduction applies to the first).
    pub multi_used: bool,
    /// Cheap migrates used this stage.
    pub cheap_used: u8,
    /// Fat Reserves regions this stage (bit per region).
    #[serde(rename = "fat")]
    pub fat_reserves: Regions,
    /// Armed adaptation abilities for this turn ([`armed`]).
    pub armed: u8,
    /// An animal of another group died this stage in a contest this player's animal won.
    pub kill: bool,
}

/// Bits of [`Player::armed`].
pub mod armed {
    /// Land Bridge: the next Migrate ignores red arrows.
    pub const LAND_BRIDGE: u8 = 1;
    /// Fertility: the next Populate is free.
    pub const FERTILITY: u8 = 2;
    /// Nesting Site: the next Populate goes into niche 1.
    pub const NEST: u8 = 4;
}

impl Player {
    /// Actions taken this stage.
    pub fn actions_taken(&self) -> u8 {
        self.used.iter().sum()
    }
}

/// A neutral group.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Neutral {
    /// The group.
    pub group: Group,
    /// Markers on the Adaptation Track.
    pub track: u8,
}

/// An objective tile on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjSlot {
    /// Tile index into the data.
    pub tile: u8,
    /// Seats that completed it, in order.
    pub claims: Vec<u8>,
}

/// Where the game is, for display.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Placing the starting animals.
    Setup,
    /// Neutral Animals phase.
    Neutral,
    /// Drawing phase.
    Drawing,
    /// Action phase.
    Action,
    /// Survival phase.
    Survival,
    /// Initiative phase.
    Initiative,
    /// A Turn of the Ages.
    TurnOfAges,
    /// The Doom.
    Doom,
    /// The game is over.
    Over,
}

/// The kind of a neutral Migrate.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MigrateKind {
    /// One niche up; contests follow.
    Plain,
    /// One niche up if it is empty.
    Green,
    /// One niche up, then sideways into a contest.
    Red,
}

/// A contest in progress.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contest {
    /// Region.
    pub region: Region,
    /// Contested niche.
    pub niche: u8,
    /// The arriving animal (held off the board while the contest runs).
    pub attacker: Animal,
    /// The animal that was there (held off the board while the contest runs).
    pub defender: Animal,
    /// A niche-0 contest: the loser is removed.
    pub kill: bool,
    /// Attacker's total.
    #[serde(rename = "att")]
    pub attack: i32,
    /// Defender's total.
    #[serde(rename = "def")]
    pub defence: i32,
    /// Progress: 0 start, 1 attacker's cards, 2 defender's cards, 3 result, 4 escape, 5 finish.
    pub step: u8,
    /// The attacker won.
    #[serde(rename = "att_wins")]
    pub attacker_wins: bool,
    /// The loser will be removed.
    pub loser_dies: bool,
    /// The winner will be removed (Toxic).
    pub winner_dies: bool,
}

/// Work the engine still has to do; the last entry runs next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Task {
    /// Setup: the player at this initiative position places a starting animal.
    SetupPlace(u8),
    /// A new stage begins.
    StageStart,
    /// A neutral group's step of the Neutral Animals phase.
    NeutralStep(u8),
    /// One neutral action.
    NeutralAct(u8, NeutralAct),
    /// A neutral Migrate: migrate the group's next unmoved marker.
    NeutralMigrate(u8, MigrateKind),
    /// The red arrow's second migration for the group's tracked marker; the niche its first
    /// migration contested, if it started a contest (a lost contest ends the Migrate).
    RedSecond(u8, Option<u8>),
    /// Clear the bookkeeping flags after a neutral Migrate.
    ClearMoved,
    /// Drawing phase for the player at this initiative position.
    Draw(u8),
    /// Discard down to the hand limit.
    HandLimit(u8),
    /// Give the turn to the next player of the Action phase.
    ActionPhase,
    /// Return to a player's turn decision.
    TurnResume {
        /// Seat.
        seat: u8,
        /// The action was taken.
        acted: bool,
    },
    /// End-of-action-phase windows for passed players, from this initiative position.
    EndWindows(u8),
    /// Survival phase from this region on.
    Survival(Region),
    /// Resolve hunger in a region for the player at this initiative position.
    HungerSeat {
        /// Region.
        region: Region,
        /// Initiative position.
        pos: u8,
    },
    /// Solo (Amphibians): place a condition marker if the bearer survived hunger here.
    SoloHunger(Region),
    /// Initiative phase.
    Initiative,
    /// A Turn of the Ages begins.
    AgesStart,
    /// A step of the revealed Turn of the Age card.
    AgeStep {
        /// Card index.
        card: u8,
        /// Step (initiative position or region).
        pos: u8,
    },
    /// Development phase.
    Development,
    /// Expansion phase.
    Expansion,
    /// The Doom.
    Doom,
    /// A contest.
    Contest(Contest),
    /// After a migration step: triggers.
    AfterMove {
        /// Seat that moved.
        seat: u8,
        /// Destination region.
        region: Region,
        /// Destination niche.
        niche: u8,
        /// The move made the region's animals exceed its food.
        warned: bool,
        /// The step came from another climate zone (row).
        #[serde(default)]
        entered: bool,
    },
    /// Pay an evolution card's cost, then activate it.
    EvolvePay {
        /// Seat.
        seat: u8,
        /// Card index within the group.
        card: u8,
        /// Cards still to pay.
        left: u8,
    },
    /// Offer the Special Animal swap.
    SpecialSwap(u8),
    /// Offer Toxic markers.
    Toxify {
        /// Seat.
        seat: u8,
        /// Markers left.
        left: u8,
    },
    /// Offer more Populates (Rapid Reproduction).
    ExtraPopulate {
        /// Seat.
        seat: u8,
        /// Animals left.
        left: u8,
    },
    /// Offer a Toxic marker for a just-populated animal.
    PopulatedToxic {
        /// Seat.
        seat: u8,
        /// The animal.
        spot: Spot,
    },
    /// Forced climb (Territorial Pressure) from this region on.
    Climb {
        /// Region.
        region: Region,
        /// Niche climbed from.
        from: u8,
    },
    /// Survive: move the instinct marker further (Lateral Line).
    SurviveMore {
        /// Seat.
        seat: u8,
        /// Fields left.
        left: u8,
    },
    /// Sauropsida won a contest: offer the optional draw (rulebook ch. 9).
    DrawOnWin {
        /// Seat.
        seat: u8,
        /// Adaptation cards to draw.
        count: u8,
    },
}

/// The decision the engine waits for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// Setup: place a starting animal (Region).
    Place(u8),
    /// Discard an adaptation card down to the limit (Card).
    Discard(u8),
    /// An Action-phase turn.
    Turn {
        /// Seat.
        seat: u8,
        /// The action (or pass) is done; free steps and Done remain.
        acted: bool,
        /// Must pass: every action marker used, or no AP and no way to gain one (an active
        /// adaptation card to discard, the Invertebrates' ability) at the start of the turn.
        forced: bool,
    },
    /// Spend an active adaptation card for an evolution card (Card).
    EvolvePay(u8),
    /// Swap an animal for the Special Animal (Animal or Skip).
    SpecialSwap(u8),
    /// Put Toxic markers (Animal or Done).
    Toxify(u8),
    /// Populate again (Populate).
    ExtraPopulate(u8),
    /// Make the new animal Toxic (Confirm or Skip).
    PopulatedToxic(u8),
    /// Move the instinct marker another field (Confirm or Done).
    SurviveMore(u8),
    /// Second animal for the Invertebrate ability (Animal or Done).
    ShedMore(u8),
    /// Long Migration step (Move or Skip).
    ExtraStep(u8),
    /// Ambush: choose your animal (Animal).
    AmbushOwn(u8),
    /// Ambush: choose the victim (Animal) for your animal.
    AmbushTarget(u8, Spot),
    /// Keen Senses: choose a field (Field).
    Peek(u8),
    /// Fat Reserves: choose a region (Region).
    FatReserves(u8),
    /// Parasites: choose an animal (Animal).
    Parasites(u8),
    /// Venom: choose an animal (Animal).
    Venom(u8),
    /// Gorgonops' niche-0 attack (Animal or Skip).
    Niche0Attack(u8),
    /// Play contest cards (Use or Done).
    ContestCards(u8),
    /// Escape after losing (Use or Done).
    Escape(u8),
    /// Pay hunger in a region (PayDominance or Animal).
    Hunger {
        /// Seat.
        seat: u8,
        /// Region.
        region: Region,
        /// Animals still owed.
        owed: u8,
    },
    /// After all passed: ability and any-time cards (Shed, Use, Done).
    EndWindow(u8),
    /// End of the Icehouse: place an animal (Region or Skip).
    AgePlace(u8),
    /// Olson's Extinction: remove a niche-0 animal (Animal).
    AgeLose(u8),
    /// Capitanian Crisis: remove an animal or pay (Animal or PayDominance).
    AgeToll(u8),
    /// Predator Surge: a free Migrate (Move or Skip).
    AgeMigrate(u8),
    /// Population Boom: a free Populate (Populate or Skip).
    AgePopulate(u8),
    /// Sauropsida won a contest: draw an adaptation card (Confirm) or not (Skip).
    DrawOnWin(u8),
}

impl Decision {
    /// The seat that decides.
    pub fn seat(&self) -> u8 {
        match *self {
            Decision::Place(s)
            | Decision::Discard(s)
            | Decision::Turn { seat: s, .. }
            | Decision::EvolvePay(s)
            | Decision::SpecialSwap(s)
            | Decision::Toxify(s)
            | Decision::ExtraPopulate(s)
            | Decision::PopulatedToxic(s)
            | Decision::SurviveMore(s)
            | Decision::ShedMore(s)
            | Decision::ExtraStep(s)
            | Decision::AmbushOwn(s)
            | Decision::AmbushTarget(s, _)
            | Decision::Peek(s)
            | Decision::FatReserves(s)
            | Decision::Parasites(s)
            | Decision::Venom(s)
            | Decision::Niche0Attack(s)
            | Decision::ContestCards(s)
            | Decision::Escape(s)
            | Decision::Hunger { seat: s, .. }
            | Decision::EndWindow(s)
            | Decision::AgePlace(s)
            | Decision::AgeLose(s)
            | Decision::AgeToll(s)
            | Decision::AgeMigrate(s)
            | Decision::AgePopulate(s)
            | Decision::DrawOnWin(s) => s,
        }
    }
}

/// One atomic decision.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    /// Finish an optional sequence / end the turn.
    Done,
    /// Decline an optional step.
    Skip,
    /// Accept an optional step.
    Confirm,
    /// Pass for the rest of the stage.
    Pass,
    /// A region (starting animal, placement, Fat Reserves).
    Region(Region),
    /// Populate action (or a free Populate): a region, and the Special Animal marker or not.
    Populate {
        /// Region.
        region: Region,
        /// Place the Special Animal marker.
        special: bool,
    },
    /// Migrate action (or a free migration step): one animal, one step.
    Move {
        /// The animal.
        from: Spot,
        /// Destination region.
        region: Region,
        /// Destination niche.
        niche: u8,
    },
    /// Survive action.
    Survive,
    /// Adapt action: activate this adaptation card from the Inactive zone.
    Activate(AdaptationId),
    /// Adapt action: activate the group's k-th evolution card.
    Evolve(u8),
    /// An adaptation card design: discard it (hand limit) or spend it (evolution cost).
    Card(AdaptationId),
    /// Use an active adaptation card's ability.
    Use(AdaptationId),
    /// Discard an active adaptation card for 1 AP.
    CashIn(AdaptationId),
    /// An animal.
    Animal(Spot),
    /// Complete the objective tile in this slot.
    Claim(u8),
    /// An instinct track field.
    Field(u8),
    /// Pay 1 AP to remove this animal's Inactive marker.
    Unblock(Spot),
    /// Invertebrate ability: remove this animal for AP.
    Shed(Spot),
    /// Solo: pay 1 AP to put the objective marker beside this animal.
    Bearer(Spot),
    /// Pay dominance instead of losing an animal.
    PayDominance,
}

/// Why an animal left the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Cause {
    /// Lost a contest (devoured, niche 0, or an inactive animal forced to withdraw).
    Contest,
    /// Toxic.
    Toxic,
    /// Hunger.
    Hunger,
    /// Invertebrate ability.
    Shed,
    /// Swapped for the Special Animal.
    Swap,
    /// A Turn of the Age card (its index in the data), named in the log.
    Age(u8),
    /// Inactive and forced to move.
    Forced,
    /// The Doom.
    Doom,
}

/// Something that happened (the game log). Events never reveal hidden information.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A stage began.
    StageBegan(u8),
    /// A neutral group rolled its set.
    NeutralRolled {
        /// Group.
        group: Group,
        /// D6.
        roll: u8,
        /// The set.
        set: [NeutralAct; 3],
    },
    /// A neutral group put a marker on its Adaptation Track.
    NeutralAdapted(Group),
    /// Inactive markers cleared from a neutral group (ruling I3).
    NeutralRecovered(Group),
    /// An animal was placed.
    Placed {
        /// The animal.
        spot: Spot,
    },
    /// An animal moved.
    Moved {
        /// From.
        from: Spot,
        /// To region.
        region: Region,
        /// To niche.
        niche: u8,
    },
    /// An animal was removed.
    Removed {
        /// The animal.
        spot: Spot,
        /// Why.
        cause: Cause,
    },
    /// A contest began.
    ContestBegan {
        /// Region.
        region: Region,
        /// Niche.
        niche: u8,
        /// Attacker's group.
        attacker: Group,
        /// Defender's group.
        defender: Group,
    },
    /// A neutral contest bonus was rolled.
    NeutralBonus {
        /// Group.
        group: Group,
        /// D6.
        roll: u8,
        /// Bonus.
        bonus: i32,
    },
    /// A contest was decided.
    ContestDecided {
        /// Winner's group.
        winner: Group,
        /// Loser's group.
        loser: Group,
        /// Attacker's total.
        #[serde(rename = "att")]
        attack: i32,
        /// Defender's total.
        #[serde(rename = "def")]
        defence: i32,
    },
    /// A player drew adaptation cards (face down).
    Drew {
        /// Seat.
        seat: u8,
        /// Cards.
        count: u8,
    },
    /// The adaptation deck was reshuffled from the discard pile.
    Reshuffled,
    /// A player discarded an adaptation card (face up).
    Discarded {
        /// Seat.
        seat: u8,
        /// Design.
        card: AdaptationId,
    },
    /// A player took an action.
    Acted {
        /// Seat.
        seat: u8,
        /// Action.
        action: Action,
        /// AP paid.
        cost: i32,
    },
    /// A player activated an adaptation card (face down).
    ActivatedAdaptation(u8),
    /// A player activated an evolution card.
    Evolved {
        /// Seat.
        seat: u8,
        /// Card index within the group.
        card: u8,
    },
    /// A player used an adaptation card's ability.
    UsedCard {
        /// Seat.
        seat: u8,
        /// Design.
        card: AdaptationId,
    },
    /// A player's AP changed outside an action's cost.
    Ap {
        /// Seat.
        seat: u8,
        /// Change.
        delta: i32,
    },
    /// A player's dominance changed.
    Dominance {
        /// Seat.
        seat: u8,
        /// Change.
        delta: i32,
    },
    /// A player passed.
    Passed(u8),
    /// A player's instinct marker moved (the tile seen stays secret).
    Instinct {
        /// Seat.
        seat: u8,
        /// New field.
        field: u8,
        /// A tile was looked at.
        peeked: bool,
    },
    /// A player looked at an instinct tile with Keen Senses (which tile stays secret).
    Peeked {
        /// Seat.
        seat: u8,
        /// Field.
        field: u8,
    },
    /// An objective was completed.
    Claimed {
        /// Seat.
        seat: u8,
        /// Tile.
        tile: u8,
        /// Dominance scored.
        points: i32,
    },
    /// A status marker was put on or taken off an animal.
    Status {
        /// The animal before the change.
        spot: Spot,
        /// Its new flags.
        flags: u8,
    },
    /// A hunger marker was placed.
    HungerMarker(Region),
    /// The new initiative order (seats).
    Initiative(Vec<u8>),
    /// A Turn of the Age card was revealed.
    AgeRevealed(u8),
    /// New objective tiles.
    Objectives(Vec<u8>),
    /// A region was closed.
    Closed(Region),
    /// A region card was drawn.
    RegionCard(Region),
    /// The Doom Stack was revealed.
    DoomRevealed {
        /// The stack.
        tiles: [Tile; 3],
        /// The epicentre.
        epicentre: Region,
    },
    /// A Dying-phase step.
    DyingStep {
        /// The step: 1 epicentre, 2 shockwave, 3 cataclysm.
        step: u8,
        /// The cataclysm of the Doom Stack (index into the data), named at step 3.
        cataclysm: u8,
    },
    /// Final dominance for a seat.
    FinalScore {
        /// Seat.
        seat: u8,
        /// Points for survivors.
        points: i32,
    },
    /// Solo: a condition marker was placed.
    ConditionMarker {
        /// Region.
        region: Region,
        /// Niche.
        niche: u8,
    },
    /// Solo: the objective marker was put beside an animal.
    BearerPlaced(Spot),
    /// Solo result.
    SoloResult {
        /// The Game End Condition was met.
        success: bool,
        /// Score.
        score: i32,
    },
    /// The game ended.
    GameOver {
        /// Winning seats.
        winners: Vec<u8>,
    },
}

/// The final result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Final {
    /// Points scored for survivors by seat.
    pub survivors: Vec<i32>,
    /// Winning seats.
    pub winners: Vec<u8>,
    /// Solo: the Game End Condition was met.
    pub solo_success: Option<bool>,
}

/// The whole state of a game, hidden information and RNG included.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct State {
    /// The setup.
    pub setup: Setup,
    /// The random stream.
    pub rng: GameRng,
    /// Current stage (0-based; 9 after the last).
    pub stage: u8,
    /// Current phase.
    pub phase: Phase,
    /// Players by seat.
    pub players: Vec<Player>,
    /// Seats in initiative order (neutral groups always act first).
    pub order: Vec<u8>,
    /// Neutral groups in their fixed initiative order.
    pub neutrals: Vec<Neutral>,
    /// Who controls each group.
    pub owner: [Owner; 4],
    /// Animals on the board, in resolve order (with the census kept beside them).
    pub animals: Animals,
    /// Hunger markers (bit per region).
    pub hunger: Regions,
    /// Unavailable regions (bit per region).
    pub closed: Regions,
    /// Region cards in the stack (bit per region).
    pub region_stack: Regions,
    /// Region cards out of the stack because of hunger (bit per region).
    pub region_out: Regions,
    /// Adaptation draw pile (top = end). Order secret.
    pub deck: Vec<AdaptationId>,
    /// Adaptation discard pile (face up).
    pub discard: Vec<AdaptationId>,
    /// The tile beside each instinct field. Secret.
    pub track: Vec<Option<Tile>>,
    /// The Doom Stack: sector, zone, cataclysm. Secret until the Doom.
    pub doom: [Tile; 3],
    /// The Doom Stack has been revealed.
    pub doom_revealed: bool,
    /// The cataclysm removed at setup (public).
    pub removed_cataclysm: u8,
    /// Objective tiles on the board.
    pub objectives: Vec<ObjSlot>,
    /// Face-down objective stacks per epoch (order secret).
    pub objective_stacks: [Vec<u8>; 3],
    /// The two face-down Turn of the Age cards. Secret until revealed.
    pub ages: Vec<u8>,
    /// Turn of the Age cards revealed so far.
    pub ages_revealed: u8,
    /// Solo condition markers (region, niche).
    pub conditions: Vec<(Region, u8)>,
    /// Solo (Amphibians): regions where the bearer caused a warning this stage.
    pub solo_pending: Regions,
    /// Action phase: initiative position of the player to act.
    pub cursor: u8,
    /// Pending work (last runs next).
    pub tasks: Vec<Task>,
    /// The decision awaited.
    pub decision: Option<Decision>,
    /// The result once the game is over.
    pub result: Option<Final>,
}

impl State {
    /// The seat leading a group, if a player leads it.
    pub fn seat_of(&self, g: Group) -> Option<u8> {
        match self.owner[g as usize] {
            Owner::Seat(s) => Some(s),
            _ => None,
        }
    }
    /// The neutral index of a group, if neutral.
    pub fn neutral_of(&self, g: Group) -> Option<u8> {
        match self.owner[g as usize] {
            Owner::Neutral(n) => Some(n),
            _ => None,
        }
    }
    /// The player at a seat.
    pub fn player(&self, seat: u8) -> &Player {
        &self.players[seat as usize]
    }
    /// The player at a seat, mutably.
    pub fn player_mut(&mut self, seat: u8) -> &mut Player {
        &mut self.players[seat as usize]
    }
}
