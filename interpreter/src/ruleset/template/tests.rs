use super::*;

fn expanded(text: &str) -> String {
    expand(text).expect("expands").text
}

#[test]
fn a_text_without_templates_is_itself() {
    let text = "Ruleset(name: \"x\", // templates: none\n)";
    assert_eq!(expanded(text), text);
}

#[test]
fn uses_become_bodies_with_their_arguments() {
    let text = r#"Ruleset(
    templates: {
        "Go": (params: ["d", "n"], body: Run(dirs: d, distance: n)),
    },
    moves: [Go(d: ["N"], n: 3), Go(n: Throw, d: ["S", "E"])],
)"#;
    assert_eq!(
        expanded(text),
        "Ruleset(\n    \n    moves: [Run(dirs: [\"N\"], distance: 3), Run(dirs: [\"S\", \"E\"], distance: Throw)],\n)"
    );
}

#[test]
fn fields_named_as_a_parameter_stay_and_bodies_may_use_templates() {
    let text = r#"R(templates: {
    "Inner": (params: ["steps"], body: X(steps: steps)),
    "Outer": (params: ["steps"], body: [Inner(steps: steps), Inner(steps: 1)]),
    "Plain": (body: Empty),
}, a: Outer(steps: 5), b: Plain, c: Plain())"#;
    assert_eq!(expanded(text), "R( a: [X(steps: 5), X(steps: 1)], b: Empty, c: Empty)");
}

fn errors(text: &str) -> Vec<String> {
    expand(text).expect_err("refused").iter().map(ToString::to_string).collect()
}

#[test]
fn wrong_uses_are_errors_where_they_stand() {
    let defs = r#"R(templates: {"Go": (params: ["n"], body: Run(n: n))}, "#;
    assert_eq!(errors(&format!("{defs}a: Go())")), ["1:59: template `Go` needs `n`"]);
    let e = errors(&format!("{defs}a: Go(m: 1))"));
    assert!(e[0].contains("1:62") && e[0].contains("has no parameter `m`"), "{e:?}");
    let e = errors(&format!("{defs}a: Go(1))"));
    assert!(e[0].contains("arguments are named"), "{e:?}");
}

#[test]
fn a_template_that_uses_itself_is_refused() {
    let e = errors(r#"R(templates: {"A": (body: B()), "B": (body: [A()])}, x: A())"#);
    assert!(e[0].contains("template `A` uses itself (A -> B -> A)"), "{e:?}");
}

/// A chain of 33 templates, each using the next, was said to "use itself".
#[test]
fn a_chain_of_templates_too_deep_is_called_so_not_a_template_that_uses_itself() {
    let n = MAX_DEPTH + 1;
    let defs: String = (0..n).map(|i| format!(r#""T{i}": (body: T{}()),"#, i + 1)).collect();
    let e = errors(&format!(r#"R(templates: {{{defs} "T{n}": (body: 1)}}, x: T0())"#));
    assert_eq!(e.len(), 1, "{e:?}");
    assert!(
        e[0].contains(&format!("more than {MAX_DEPTH} deep (`T0` -> ... -> `T{}` -> `T{}`)", n - 2, n - 1)),
        "{e:?}"
    );
    assert!(!e[0].contains("uses itself"), "{e:?}");
}

#[test]
fn uses_within_uses_cannot_explode() {
    let mut defs = String::from(r#""T0": (body: "xxxxxxxxxxxxxxxx"),"#);
    for k in 1..40 {
        defs += &format!(r#""T{k}": (body: [T{0}(), T{0}()]),"#, k - 1);
    }
    let e = errors(&format!("R(templates: {{{defs}}}, x: T39())"));
    assert!(e.iter().any(|e| e.contains("more than")), "{e:?}");
}

#[test]
fn arguments_within_arguments_cannot_explode() {
    let mut defs = String::from(r#""T0": (params: ["x"], body: [x, x]),"#);
    for k in 1..40 {
        defs += &format!(r#""T{k}": (params: ["x"], body: T{0}(x: [x, x])),"#, k - 1);
    }
    let e = errors(&format!("R(templates: {{{defs}}}, a: T39(x: \"xxxxxxxx\"))"));
    assert!(e.iter().any(|e| e.contains("more than")), "{e:?}");
    assert!(!errors("R(templates: {\"").is_empty());
}

#[test]
fn definitions_are_checked() {
    let e = errors(
        r#"R(templates: {"A": (params: ["n", "n"], body: X(n)), "A": (parms: [], body: 1), "B": (params: ["k"], body: 2)})"#,
    );
    assert!(e.iter().any(|e| e.contains("parameter `n` is named twice")), "{e:?}");
    assert!(e.iter().any(|e| e.contains("`A` is defined twice")), "{e:?}");
    assert!(e.iter().any(|e| e.contains("unknown field `parms` (did you mean `params`?)")), "{e:?}");
    assert!(e.iter().any(|e| e.contains("does not use the parameter `k`")), "{e:?}");
    assert!(!errors("R(templates: [1])").is_empty());
    assert!(!errors(r#"R(templates: {"A": (body: 1"#).is_empty());
}

#[test]
fn positions_map_back_to_where_the_text_was_written() {
    let text = "R(templates: {\n  \"Go\": (params: [\"n\"], body: Run(n: n, bad: 1)),\n},\na: Go(n: 7))";
    let x = expand(text).unwrap();
    let at = |needle: &str| {
        let o = x.text.find(needle).unwrap();
        let d = Diagnostic { at: Some(pos(&x.text, o)), path: String::new(), message: "m".into() };
        x.relocate(text, d)
    };
    // In the body: where the body is written, with the use.
    let d = at("bad");
    assert_eq!(d.at, Some(Pos { line: 2, col: 41 }));
    assert_eq!(d.message, "m (in template `Go` used at 4:4)");
    // An argument: where the argument is written.
    let d = at("7");
    assert_eq!(d.at, Some(Pos { line: 4, col: 10 }));
}

/// A use of many parameters, in another order than declared, through
/// another template: the same text as one by one (each parameter is found
/// through a map, not by scanning the arguments per token of the body).
#[test]
fn many_parameters_through_templates_expand_in_place() {
    let n = 300;
    let params: Vec<String> = (0..n).map(|i| format!("\"p{i}\"")).collect();
    let params = params.join(", ");
    // The body lists them backwards; `p0:` is a field and stays.
    let body: Vec<String> = (0..n).rev().map(|i| format!("p{i}")).collect();
    let passed: Vec<String> = (0..n).map(|i| format!("p{i}: p{i}")).collect();
    let given: Vec<String> = (0..n).rev().map(|i| format!("p{i}: v{i}")).collect();
    let text = format!(
        "R(templates: {{\"T\": (params: [{params}], body: X(p0: [{}])), \"U\": (params: [{params}], body: T({}))}}, a: U({}))",
        body.join(", "),
        passed.join(", "),
        given.join(", ")
    );
    let values: Vec<String> = (0..n).rev().map(|i| format!("v{i}")).collect();
    assert_eq!(expanded(&text), format!("R( a: X(p0: [{}]))", values.join(", ")));
}

/// Duplicate and unused parameters, unknown, repeated and missing
/// arguments among many: the same errors in the same order as when each
/// was found by scanning; only the first 100 unknown ones get a "did you mean".
#[test]
fn errors_among_many_parameters_are_said_in_order() {
    let n = 150;
    let mut params: Vec<String> = (0..n).map(|i| format!("\"param{i}\"")).collect();
    params.push("\"param7\"".into());
    let body: Vec<String> = (0..n).filter(|i| i % 50 != 3).map(|i| format!("param{i}")).collect();
    let mut args: Vec<String> = (0..n).filter(|i| i % 10 != 0).map(|i| format!("parma{i}: 1")).collect();
    args.extend((1..n).filter(|i| i % 10 != 0).map(|i| format!("param{i}: 1")));
    args.push("param1: 2".into());
    let text = format!(
        "R(templates: {{\"T\": (params: [{}], body: [{}])}}, a: T({}))",
        params.join(", "),
        body.join(", "),
        args.join(", ")
    );
    let e = errors(&text);
    assert!(e[0].ends_with("template `T`: parameter `param7` is named twice"), "{:?}", &e[..4]);
    let unused: Vec<&String> = e[1..].iter().collect();
    assert!(unused[0].ends_with("template `T`: its body does not use the parameter `param3`"), "{e:?}");
    assert!(unused[1].ends_with("does not use the parameter `param53`") && unused[2].ends_with("`param103`"), "{e:?}");
    assert_eq!(e.len(), 4, "definitions are checked before uses");

    let used: Vec<String> = (0..n).map(|i| format!("param{i}")).collect();
    let text = text.replace(&format!("body: [{}]", body.join(", ")), &format!("body: [{}]", used.join(", ")));
    let text = text.replace("\"param7\"]", "]");
    let e = errors(&text);
    let unknown: Vec<&String> = e.iter().filter(|e| e.contains("has no parameter")).collect();
    assert_eq!(unknown.len(), 135);
    assert!(unknown[0].ends_with("template `T` has no parameter `parma1` (did you mean `param1`?)"), "{}", unknown[0]);
    assert!(unknown[..100].iter().all(|e| e.contains("did you mean")), "{unknown:?}");
    assert!(unknown[100].ends_with("has no parameter `parma112`"), "{}", unknown[100]);
    let twice: Vec<&String> = e.iter().filter(|e| e.contains("given twice")).collect();
    assert_eq!(twice.len(), 1);
    assert!(twice[0].ends_with("`T`: `param1` is given twice"), "{twice:?}");
    let missing: Vec<String> = (0..n).step_by(10).map(|i| format!("param{i}")).collect();
    assert_eq!(
        e.last().unwrap(),
        &format!("1:{}: template `T` needs `{}`", text.find("T(").unwrap() + 1, missing.join("`, `"))
    );
    assert_eq!(e.len(), 135 + 1 + 1);
}

/// Uses within arguments are nested calls: a hundred deep are expanded,
/// deeper is refused where the 101st is written (100,000 overflowed the stack).
#[test]
fn uses_nested_in_arguments_are_bounded() {
    let nested = |n: usize| {
        format!("R(templates: {{\"T\": (params: [\"x\"], body: [x])}}, a: {}1{})", "T(x: ".repeat(n), ")".repeat(n))
    };
    assert_eq!(expanded(&nested(MAX_NESTING)), format!("R( a: {}1{})", "[".repeat(100), "]".repeat(100)));
    let at = nested(0).len() - 1 + 5 * MAX_NESTING;
    for n in [MAX_NESTING + 1, 100_000] {
        assert_eq!(errors(&nested(n)), [format!("1:{at}: template uses are nested more than 100 deep")]);
    }
}

/// Positions counted on from the last error are those counted from the start.
#[test]
fn positions_go_on_from_the_last_one() {
    let text = "R(a: \"é\u{1F600}\",\n\n b: [1, 2],\n\"ü\" c)\n";
    let toks = tokens(text);
    let mut x = Expander::new(text, &toks);
    let offsets = [0, 3, 9, 3, 30, 12, 11, 200, 1, 17, 6, 7, 25, 24, 14, 0, text.len()];
    for at in offsets {
        assert_eq!(x.pos(at), pos(text, at), "at {at}");
    }
}
