//! The crates by stage: `tabula` is the language, compiler, engine and
//! agents; what is done with many games (`tabula-analysis`) and the writing
//! of files (`tabula-files`) are the application's, in crates of their own.
//! This test reads the manifests, so that a dependency of the application
//! that creeps back into the interpreter fails here, not in a review.

use tabula_tests::workspace;

/// The crates a manifest depends on to build its library: its
/// `[dependencies]` and `[target.'…'.dependencies]`, not its dev- or build-
/// dependencies.
fn normal_dependencies(manifest: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut in_dependencies = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies =
                line == "[dependencies]" || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
            continue;
        }
        if !in_dependencies || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name: String = line.chars().take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '-').collect();
        if !name.is_empty() {
            names.push(name);
        }
    }
    names
}

fn manifest(crate_folder: &str) -> String {
    let path = workspace().join(crate_folder).join("Cargo.toml");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_interpreter_depends_on_nothing_of_the_analysis_charts_or_file_writing() {
    let theirs = [
        // The analysis: its parallel runs, its dates, its results files, its generator.
        "rayon",
        "humantime",
        "serde_json",
        "rand_xoshiro",
        // The charts drawn as PNG.
        "resvg",
        "epaint_default_fonts",
        // The writing of files: temporary files and their locks.
        "tempfile",
        "rustix",
    ];
    let deps = normal_dependencies(&manifest("interpreter"));
    assert!(deps.contains(&"ron".to_string()), "the manifest was read: {deps:?}");
    let crept_in: Vec<&&str> = theirs.iter().filter(|t| deps.iter().any(|d| d == *t)).collect();
    assert!(
        crept_in.is_empty(),
        "interpreter/Cargo.toml depends on {crept_in:?}: they belong to the application's crates"
    );
    assert!(!workspace().join("interpreter/src/analysis").exists(), "the analysis is the crate analysis/");
}

#[test]
fn the_application_crates_build_on_the_interpreter() {
    for folder in ["analysis", "files"] {
        assert!(normal_dependencies(&manifest(folder)).contains(&"tabula".to_string()), "{folder}");
    }
}

#[test]
fn only_the_libraries_dependencies_are_read() {
    let text = "[package]\nname = \"x\"\n\n[dependencies]\nron.workspace = true\n# a note\nresvg = { version = \"0.49\" }\n\n\
                [target.'cfg(unix)'.dependencies]\nrustix.workspace = true\n\n[dev-dependencies]\ntempfile = \"3\"\n\
                [features]\npng = [\"dep:resvg\"]\n";
    assert_eq!(normal_dependencies(text), ["ron", "resvg", "rustix"]);
}
