//! The words the reports print for what they measure and how they test it,
//! in one place: the report of `tabula analyze`, the table of `tabula
//! compare` and the editor's Analysis tab print their labels from here, and
//! the user's guide explains each in its glossary (docs/guide.md;
//! tests/tests/glossary.rs fails on a word of [`TERMS`], a metric of
//! [`metric_names`](crate::metric_names) or a test of [`TESTS`] that the
//! glossary lacks). A new label goes here, into [`TERMS`], and into the
//! glossary.

/// Games won by each agent, whatever seat it had.
pub const AGENT_WINS: &str = "agent A wins";
/// Games won by each seat, whatever agent sat there.
pub const PLAYER_WINS: &str = "player k wins";
/// A seat's mean place (1 first), with more than two players.
pub const PLACE: &str = "place";
/// An even share of the wins, 1 / players.
pub const EVEN_SHARE: &str = "an even share";
pub const DRAWS: &str = "draws";
pub const FIRST_MOVER_WINS: &str = "first mover wins";
pub const TURN_LIMIT: &str = "ended by the turn limit";
/// Games cut short in a run without a turn limit.
pub const UNFINISHED: &str = "cut unfinished";
pub const BALANCE: &str = "balance";
pub const COMPLETION: &str = "completion";
pub const DRAWISHNESS: &str = "drawishness";
pub const DECISIVENESS: &str = "decisiveness";
pub const DURATION: &str = "duration";
pub const PLIES: &str = "plies";
pub const TURNS: &str = "turns";
pub const MEAN: &str = "mean";
pub const MEDIAN: &str = "median";
pub const P90: &str = "90th percentile";
/// The 90th percentile, short, in the comparison's table.
pub const P90_SHORT: &str = "p90";
pub const BRANCHING: &str = "branching factor";
/// Each player's pieces on the board at the end, and their change from the start.
pub const PIECES: &str = "pieces on the board";
pub const REPEATED: &str = "repeated positions";
pub const LEAD_CHANGES: &str = "lead changes";
pub const COVERAGE: &str = "board coverage";
pub const DRAMA: &str = "drama";
pub const DECIDED: &str = "decided for the last";
pub const WINNER_SCORE: &str = "winner's score";
pub const HOW_ENDED: &str = "how games ended";
pub const THROUGHPUT: &str = "throughput";
/// A 95% interval (the comparison's table: "difference [95% CI]").
pub const INTERVAL: &str = "95% interval";
pub const CI: &str = "CI";
pub const DIFFERENCE: &str = "difference";
pub const P: &str = "p";
pub const ADJUSTED_P: &str = "adj. p";
pub const SIGNIFICANT: &str = "significant";
pub const PAIRED: &str = "paired";
pub const INDEPENDENT: &str = "independent";

/// The tests a comparison uses: McNemar's and Wilcoxon's on paired games,
/// the two-proportion z and Mann-Whitney U tests on independent ones.
pub const MCNEMAR: &str = "McNemar (exact)";
pub const WILCOXON: &str = "Wilcoxon signed-rank";
pub const TWO_PROPORTIONS: &str = "two-proportion z";
pub const MANN_WHITNEY: &str = "Mann-Whitney U";
pub const TESTS: [&str; 4] = [MCNEMAR, WILCOXON, TWO_PROPORTIONS, MANN_WHITNEY];

/// Every label above: what a reader of a report meets and the glossary explains.
pub const TERMS: &[&str] = &[
    AGENT_WINS,
    PLAYER_WINS,
    PLACE,
    EVEN_SHARE,
    DRAWS,
    FIRST_MOVER_WINS,
    TURN_LIMIT,
    UNFINISHED,
    BALANCE,
    COMPLETION,
    DRAWISHNESS,
    DECISIVENESS,
    DURATION,
    PLIES,
    TURNS,
    MEAN,
    MEDIAN,
    P90,
    P90_SHORT,
    BRANCHING,
    PIECES,
    REPEATED,
    LEAD_CHANGES,
    COVERAGE,
    DRAMA,
    DECIDED,
    WINNER_SCORE,
    HOW_ENDED,
    THROUGHPUT,
    INTERVAL,
    CI,
    DIFFERENCE,
    P,
    ADJUSTED_P,
    SIGNIFICANT,
    PAIRED,
    INDEPENDENT,
];
