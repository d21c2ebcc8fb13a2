//! `--games`: one count of games, or a list of counts, one for each run of
//! a command that plays several (`compare --strengths`: one per strength;
//! `ladder --pairs neighbours`: one per step of the chain), so that many
//! games go where they are cheap or where a small difference needs them.

use tabula::Error;

/// One count of games for every run, or one per run in order (`200,100,50`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Games(pub Vec<u32>);

impl std::str::FromStr for Games {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        let counts = text
            .split(',')
            .map(|n| {
                n.trim().parse::<u32>().map_err(|e| {
                    format!(
                        "{:?}: {e}; expected a number of games, or one per strength (with --strengths) \
                         or per pair (with --pairs neighbours) as N1,N2,...",
                        n.trim()
                    )
                })
            })
            .collect::<Result<Vec<u32>, String>>()?;
        Ok(Games(counts))
    }
}

impl std::fmt::Display for Games {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let counts: Vec<String> = self.0.iter().map(u32::to_string).collect();
        write!(f, "{}", counts.join(","))
    }
}

impl Games {
    /// The one count of a command that plays one run.
    pub fn one(&self) -> Result<u32, Error> {
        match self.0[..] {
            [n] => Ok(n),
            _ => Err(Error::Usage(format!(
                "--games {self}: a list of counts goes with --strengths (compare) or --pairs neighbours (ladder); \
                 give one number of games"
            ))),
        }
    }

    /// The games of each of `runs` runs (`what`: "strengths", "pairs"): one
    /// count for all of them, or one each, in order.
    pub fn each(&self, runs: usize, what: &str) -> Result<Vec<u32>, Error> {
        match self.0.len() {
            1 => Ok(vec![self.0[0]; runs]),
            n if n == runs => Ok(self.0.clone()),
            n => Err(Error::Usage(format!(
                "--games {self}: {n} counts for {runs} {what}; give one count for all, or one for each"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Games;

    /// One count serves every run; a list must have one count a run; text
    /// that is not a count is refused, saying what was expected.
    #[test]
    fn counts_are_one_for_all_or_one_each() {
        let one: Games = "20".parse().expect("a count");
        assert_eq!(one.one().expect("one"), 20);
        assert_eq!(one.each(3, "pairs").expect("for all"), vec![20, 20, 20]);
        let list: Games = "20, 1000,20".parse().expect("a list");
        assert_eq!(list.each(3, "pairs").expect("one each"), vec![20, 1000, 20]);
        let wrong = list.each(2, "strengths").expect_err("3 counts for 2").to_string();
        assert!(wrong.contains("3 counts for 2 strengths"), "{wrong}");
        assert!(list.one().is_err());
        let bad = "20,x".parse::<Games>().expect_err("not a count");
        assert!(bad.contains("\"x\"") && bad.contains("expected a number of games"), "{bad}");
    }
}
