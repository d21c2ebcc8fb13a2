//! Choices inside a move (issue 45): where a rule's `Promote` offers kinds to
//! choose from, the rule keeps them and where they are offered, so that the
//! generator makes one move per kind (see `engine/choices.rs`).

use crate::piece::KindId;
use crate::program::Cond;
use crate::program::rules::Effect;

/// The kinds a rule's moves offer and where (the first `Promote` with a choice).
pub(crate) fn offered(effects: &[Effect]) -> Option<Box<(Vec<KindId>, Cond)>> {
    effects.iter().find_map(|e| match e {
        Effect::Promote { choices, on, .. } if *choices != 0 => {
            let kinds = (0..32).filter(|k| choices >> k & 1 != 0).map(|k| k as KindId).collect();
            Some(Box::new((kinds, on.clone())))
        }
        _ => None,
    })
}
