//! The migration steps of the map (rulebook p.23), worked out once with the data: for each
//! region, niche and pair of step rules, where an animal may step, in the order the engine
//! lists the steps, before the board (closed regions, its own group's niches) rules any out.

use crate::types::{Region, DIRS, NICHES, REGIONS};

/// Most steps an animal can have: two within its region and three into each neighbour.
const MOST: usize = 2 + 3 * DIRS.len();

/// The steps of an animal before the board rules any out.
#[derive(Copy, Clone, Debug, Default)]
struct Steps {
    /// Steps used in `to`.
    len: u8,
    /// The steps: destination region and niche.
    to: [(Region, u8); MOST],
}

impl Steps {
    /// Adds a step to `niche` of `region` if the niche exists.
    fn consider(&mut self, region: Region, niche: i32) {
        if (0..NICHES as i32).contains(&niche) {
            if let Some(slot) = self.to.get_mut(self.len as usize) {
                *slot = (region, niche as u8);
                self.len += 1;
            }
        }
    }
}

/// For each region, niche and pair of step rules, the steps of an animal there.
#[derive(Clone, Debug)]
pub struct StepTable(Vec<Steps>);

impl StepTable {
    /// The table of a map whose red borders are `red` (`red[region][dir]`, dirs in
    /// [`DIRS`] order). The rules of a step: within the region one niche up or down; into
    /// a neighbour across a white border the same niche or one lower (one higher too with
    /// `climb`); across a red border one niche lower (the same too with `ignore_red`).
    pub fn new(red: &[[bool; 4]; REGIONS]) -> StepTable {
        let mut table = Vec::with_capacity(REGIONS * NICHES * 4);
        for region in Region::all() {
            for niche in 0..NICHES as i32 {
                for rules in 0..4 {
                    let (ignore_red, climb) = (rules & 2 != 0, rules & 1 != 0);
                    let mut steps = Steps::default();
                    steps.consider(region, niche + 1);
                    steps.consider(region, niche - 1);
                    for (di, &dir) in DIRS.iter().enumerate() {
                        let Some(r) = region.step(dir) else {
                            continue;
                        };
                        if red[region.index()][di] {
                            if ignore_red {
                                steps.consider(r, niche);
                            }
                            steps.consider(r, niche - 1);
                        } else {
                            steps.consider(r, niche);
                            steps.consider(r, niche - 1);
                            if climb {
                                steps.consider(r, niche + 1);
                            }
                        }
                    }
                    table.push(steps);
                }
            }
        }
        StepTable(table)
    }

    /// The steps of an animal in niche `niche` of `region` (none off the map), in listing
    /// order: destination region and niche.
    pub fn get(&self, region: Region, niche: u8, ignore_red: bool, climb: bool) -> &[(Region, u8)] {
        if !region.on_map() || niche as usize >= NICHES {
            return &[];
        }
        let rules = usize::from(ignore_red) * 2 + usize::from(climb);
        let index = (region.index() * NICHES + niche as usize) * 4 + rules;
        self.0.get(index).map_or(&[], |s| &s.to[..s.len as usize])
    }
}
