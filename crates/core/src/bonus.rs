//! The Bonus Points table shared by the Dominant Species games
//! (Dominant Species rulebook p.3): 1 3 6 10 15 21 28 36 45 for 1..9+.

/// Bonus VPs for a quantity: `min(n(n+1)/2, 45)`.
pub const fn bonus_vp(n: u32) -> u32 {
    if n >= 9 {
        45
    } else {
        n * (n + 1) / 2
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rulebook p.3, Bonus Points Table: quantity 1..9+ gives 1 3 6 10 15 21 28 36 45.
    #[test]
    fn bonus_points_table_p3() {
        let t: Vec<u32> = (0..=10).map(bonus_vp).collect();
        assert_eq!(t, vec![0, 1, 3, 6, 10, 15, 21, 28, 36, 45, 45]);
    }
}
