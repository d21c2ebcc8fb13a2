//! The command line: `tabula-editor [RULESET] [--record GAME.ron] [--position POSITION.ron] [--show ...] [--smoke]`.

use crate::document::Origin;
use std::path::PathBuf;

pub const USAGE: &str = "usage: tabula-editor [RULESET] [--record GAME.ron] [--position POSITION.ron] [--show rules|analysis[:OPTION]] [--size WxH] [--smoke]\n\
    RULESET is a shipped ruleset's name (as `tabula list` prints it) or the path of a .ron file;\n\
    without one, the editor reopens what was open last time.\n\
    --position plays on from a position of that game (as `tabula moves --position` reads it).\n\
    --smoke opens the window, draws a few frames and exits (0 if they were drawn), remembering nothing.";

/// What the command line asks to open.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Args {
    pub ruleset: Option<Origin>,
    pub record: Option<PathBuf>,
    /// `--help`: print the usage and stop.
    pub help: bool,
    /// `--smoke`: open the window, draw a few frames and exit (editor/src/smoke.rs).
    pub smoke: bool,
    /// `--show rules|analysis|analysis:OPTION` (for pictures made by a
    /// script, docs/screenshots.sh): opens on that tab; `analysis` starts a
    /// run at once, of every value of OPTION where one is named.
    pub show: Option<Show>,
    /// `--size WxH`: the window's size in points (1280x800 unless given).
    pub size: Option<[u16; 2]>,
    /// `--position FILE`: a position of the game opened, to play on from (issue 45).
    pub position: Option<PathBuf>,
}

/// What `--show` opens on.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Show {
    Rules,
    /// The Analysis tab, running: the game as set, or every value of the option.
    Analysis(Option<String>),
}

impl std::str::FromStr for Show {
    type Err = String;

    fn from_str(text: &str) -> Result<Show, String> {
        match text.split_once(':') {
            None if text == "rules" => Ok(Show::Rules),
            None if text == "analysis" => Ok(Show::Analysis(None)),
            Some(("analysis", option)) if !option.is_empty() => Ok(Show::Analysis(Some(option.to_string()))),
            _ => Err(format!("--show {text}: expected rules, analysis or analysis:OPTION")),
        }
    }
}

/// Reads the arguments (without the program's name).
pub fn parse(args: impl IntoIterator<Item = String>) -> Result<Args, String> {
    let mut out = Args::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--record" => {
                out.record = Some(args.next().map(PathBuf::from).ok_or("--record needs the path of a game record")?);
            }
            "--position" => {
                out.position =
                    Some(args.next().map(PathBuf::from).ok_or("--position needs the path of a position file")?);
            }
            "--help" | "-h" => out.help = true,
            "--smoke" => out.smoke = true,
            "--size" => {
                let text = args.next().ok_or("--size needs the window's size, e.g. 1280x800")?;
                let size = text.split_once('x').and_then(|(w, h)| Some([w.parse().ok()?, h.parse().ok()?]));
                out.size = Some(size.filter(|[w, h]: &[u16; 2]| *w >= 200 && *h >= 200).ok_or_else(|| {
                    format!("--size {text}: expected WIDTHxHEIGHT in points, each at least 200, e.g. 1280x800")
                })?);
            }
            "--show" => out.show = Some(args.next().ok_or("--show needs rules, analysis or analysis:OPTION")?.parse()?),
            flag if flag.starts_with("--") => return Err(format!("unknown option {flag}\n{USAGE}")),
            name if tabula::shipped::text(name).is_some() => out.ruleset = Some(Origin::Shipped(name.to_string())),
            path => out.ruleset = Some(Origin::File(PathBuf::from(path))),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_strs(args: &[&str]) -> Result<Args, String> {
        parse(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn smoke_flag_is_read_alone_and_beside_a_ruleset() {
        assert_eq!(parse_strs(&["--smoke"]), Ok(Args { smoke: true, ..Args::default() }));
        let with_file = parse_strs(&["games/mine.ron", "--smoke"]).expect("parses");
        assert!(with_file.smoke);
        assert_eq!(with_file.ruleset, Some(Origin::File(PathBuf::from("games/mine.ron"))));
        assert!(!parse_strs(&["games/mine.ron"]).expect("parses").smoke);
        assert!(parse_strs(&["--smok"]).is_err_and(|e| e.contains("unknown option --smok")));
        assert!(USAGE.contains("--smoke"));
    }

    #[test]
    fn a_position_file_is_read_beside_a_ruleset() {
        let args = parse_strs(&["traditional/tabula", "--position", "zeno.ron"]).expect("parses");
        assert_eq!(args.position, Some(PathBuf::from("zeno.ron")));
        assert!(parse_strs(&["--position"]).is_err_and(|e| e.contains("needs the path")));
    }
}
