//! `tabula ladder` on a game of three to eight players: agents seated at
//! random from the seed, rated by Plackett–Luce from each game's placings
//! (`tabula_analysis::plackett_luce`).

use tabula::{Error, Game};
use tabula_analysis::ladder::Ladder;
use tabula_analysis::plackett_luce;

/// Plays `games` games in all, the agents seated by
/// `plackett_luce::seating`, and rates them; says what it played, and gives
/// the ladder with the model in words.
pub fn ladder(
    game: &Game,
    agents: &[String],
    anchor: usize,
    games: u32,
    seed: u64,
    pool: &rayon::ThreadPool,
) -> Result<(Ladder, String), Error> {
    let specs = agents
        .iter()
        .map(|a| tabula::agents::AgentSpec::parse(a).map_err(Error::Usage))
        .collect::<Result<Vec<_>, _>>()?;
    let players = game.player_count();
    eprintln!("  {games} games of {players} players, seated at random from the seed");
    let (placings, unfinished) = pool.install(|| plackett_luce::play(game, &specs, games, seed));
    if placings.is_empty() {
        return Err(Error::Usage(format!(
            "none of the {games} games ended within {} plies: no placing to rate; give a turn limit with --option max_plies=N",
            tabula::agents::PLY_CAP
        )));
    }
    let seating = if agents.len() >= usize::from(players) {
        format!("{players} different agents seated at random in each game")
    } else {
        format!("every agent in each game, some in two seats or more, seated at random ({players} seats)")
    };
    say!("{}: {} agents, {games} games of {players} players in all, {seating}", game.title(), agents.len());
    let rated = plackett_luce::ladder(agents, &placings, seed, anchor);
    let cut = match unfinished {
        0 => String::new(),
        n => format!(
            " {n} game(s) cut unfinished at {} plies have no placing and are left out.",
            tabula::agents::PLY_CAP
        ),
    };
    // Every seat sharing one place in every game (a game cut by the turn limit, say): all
    // ratings are then 0, which would read as "equally strong".
    let undecided = placings.iter().all(|p| p.iter().all(|&(_, place)| place == p[0].1));
    let undecided = if undecided {
        format!(
            " In none of the {} games was any player placed above another (all shared a place, as at the turn \
             limit of {} plies): these ratings say nothing about strength.",
            placings.len(),
            if game.max_plies() == 0 { tabula::agents::PLY_CAP } else { game.max_plies() }
        )
    } else {
        String::new()
    };
    let model = format!(
        "Plackett–Luce strengths from each game's placing, on the Elo scale (any two agents' order in a game as \
         Bradley–Terry), {} at 0; players sharing a place by Breslow's rule (each chosen from the same seats left); \
         95% intervals from 400 bootstrap resamples of the games; score: the share of the other seats placed below, \
         a shared place half.{cut}{undecided}",
        rated.reference
    );
    Ok((rated, model))
}
