//! Broken rulesets: each file in `tests/broken/` has one kind of mistake and
//! starts with `// expect: LINE:COL: message` (or `// expect: ok`). The loader
//! must report that message at that place, and never panic.

use libtest_mimic::{Arguments, Failed, Trial};
use tabula::{Error, Game, Options};
use tabula_tests::workspace;

fn check(path: &std::path::Path) -> Result<(), Failed> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let expect = text.lines().next().and_then(|l| l.strip_prefix("// expect: ")).ok_or("no `// expect:` line")?;
    let result = Game::from_source(&text, "broken.ron", &Options::new());
    if expect == "ok" {
        return result.map(|_| ()).map_err(|e| Failed::from(e.to_string()));
    }
    let (place, message) = expect.split_once(": ").ok_or("expected `LINE:COL: message`")?;
    let (line, col) = place.split_once(':').ok_or("expected LINE:COL")?;
    let (line, col): (usize, usize) = (line.parse().map_err(|_| "bad line")?, col.parse().map_err(|_| "bad column")?);
    match result {
        Ok(_) => Err("the ruleset compiled".into()),
        Err(Error::Load(e)) => {
            let found = e.diagnostics.iter().any(|d| {
                d.at.is_some_and(|at| at.line == line && at.col == col) && d.message.contains(message.trim_end())
            });
            if found { Ok(()) } else { Err(format!("expected {line}:{col}: {message}\ngot:\n{e}").into()) }
        }
        Err(other) => Err(format!("expected a located error, got: {other}").into()),
    }
}

fn main() {
    let args = Arguments::from_args();
    let mut files: Vec<_> = std::fs::read_dir(workspace().join("tests/broken"))
        .expect("tests/broken")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|e| e == "ron"))
        .collect();
    files.sort();
    let trials = files
        .into_iter()
        .map(|p| Trial::test(p.file_stem().unwrap_or_default().to_string_lossy().into_owned(), move || check(&p)))
        .collect();
    libtest_mimic::run(&args, trials).exit();
}
