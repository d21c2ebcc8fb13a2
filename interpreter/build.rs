//! Embeds the shipped rulesets (`../rulesets/**/*.ron`, but for the example
//! positions in `positions` folders) in the library, so the `tabula` binary
//! and the editor find them wherever they are run from.

use std::path::{Path, PathBuf};

fn main() {
    // Read at run time, not baked in with env!: a build script moved with its
    // target folder must still look in this checkout, never in an old one.
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let root = Path::new(&manifest).join("../rulesets");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut files = Vec::new();
    collect(&root, &mut files);
    assert!(!files.is_empty(), "no shipped rulesets (*.ron) under {}", root.display());
    // By name, as `SHIPPED` says: `traditional/halma` before `traditional/halma-four`
    // (by path, `halma-four.ron` would come first).
    files
        .sort_by_key(|p| p.strip_prefix(&root).map(|n| n.with_extension("").to_string_lossy().replace('\\', "/")).ok());
    let mut out =
        String::from("/// Shipped rulesets: (name, text), sorted by name.\npub static SHIPPED: &[(&str, &str)] = &[\n");
    for path in files {
        let name = path.strip_prefix(&root).expect("under the root").with_extension("");
        let name = name.to_string_lossy().replace('\\', "/");
        let abs = path.canonicalize().expect("ruleset path");
        out.push_str(&format!("    ({name:?}, include_str!({:?})),\n", abs.display().to_string()));
    }
    out.push_str("];\n");
    let dest = PathBuf::from(std::env::var("OUT_DIR").expect("OUT_DIR")).join("shipped.rs");
    std::fs::write(dest, out).expect("write shipped.rs");
}

fn collect(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            // A `positions` folder holds example positions of the games
            // beside it (rulesets/traditional/positions/), not rulesets.
            if path.file_name().is_some_and(|n| n == "positions") {
                continue;
            }
            collect(&path, files);
        } else if path.extension().is_some_and(|e| e == "ron") {
            files.push(path);
        }
    }
}
