//! Direction names: the eight grid directions and the groups that stand for several.

/// Grid directions as (name, column step, row step); rows count upwards.
pub(crate) const GRID_DIRS: [(&str, i16, i16); 8] =
    [("N", 0, 1), ("NE", 1, 1), ("E", 1, 0), ("SE", 1, -1), ("S", 0, -1), ("SW", -1, -1), ("W", -1, 0), ("NW", -1, 1)];

/// Expands direction groups: `Orthogonal`, `Diagonal`, `All`.
pub(crate) fn expand_dirs(names: &[String]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut add = |d: &str| {
        if !out.iter().any(|o| o == d) {
            out.push(d.to_string());
        }
    };
    for name in names {
        match name.as_str() {
            "Orthogonal" => ["N", "E", "S", "W"].into_iter().for_each(&mut add),
            "Diagonal" => ["NE", "SE", "SW", "NW"].into_iter().for_each(&mut add),
            "All" => GRID_DIRS.iter().for_each(|d| add(d.0)),
            other => add(other),
        }
    }
    out
}
