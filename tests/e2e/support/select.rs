//! String select menus (component type 3): a member picks options of a select on a message.
//!
//! From Discord's docs (`interactions/message-components.mdx`, String Select; and
//! `interactions/receiving-and-responding.mdx`, Message Component Data): the interaction is
//! type 3 like a button's, its `data` holds the select's `custom_id`, `component_type` 3
//! and the picked option `values`. A member can only pick options the select offers, at
//! least `min_values` (default 1) and at most `max_values` (default 1) of them: where the
//! fake knows the message, a pick it could not make on Discord panics the test.

use serde_json::{Value, json};

use super::fake::{Channel, FakeDiscord, InteractionBuilder, InteractionId, User};

impl InteractionBuilder<'_> {
    /// Picks `values` in the string select `custom_id` on `message` (see the module's doc;
    /// [`FakeDiscord::select`] checks the pick against the message first).
    pub fn select(self, message: u64, custom_id: &str, values: &[&str]) -> InteractionId {
        let data = json!({ "custom_id": custom_id, "component_type": 3, "values": values });
        self.send(3, data, Some(message))
    }
}

impl FakeDiscord {
    /// `user` picks `values` in the string select `custom_id` on `message` in `channel`.
    pub fn select(
        &self,
        user: &User,
        channel: Channel,
        message: u64,
        custom_id: &str,
        values: &[&str],
    ) -> InteractionId {
        if let Some(object) = self.message(message) {
            check_pick(&object, custom_id, values);
        }
        self.interaction(user, channel)
            .select(message, custom_id, values)
    }
}

/// Panics unless `message` has a string select `custom_id` offering every one of `values`,
/// within its bounds.
pub fn check_pick(message: &Value, custom_id: &str, values: &[&str]) {
    let select = find(&message["components"], custom_id)
        .unwrap_or_else(|| panic!("no component {custom_id} on the message: {message}"));
    assert_eq!(select["type"], 3, "{custom_id} is not a string select");
    assert_ne!(select["disabled"], true, "{custom_id} is disabled");
    let offered: Vec<&str> = select["options"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|o| o["value"].as_str())
        .collect();
    for v in values {
        assert!(
            offered.contains(v),
            "{custom_id} offers no {v:?} (only {offered:?})"
        );
    }
    let min = select["min_values"].as_u64().unwrap_or(1);
    let max = select["max_values"].as_u64().unwrap_or(1);
    let n = values.len() as u64;
    assert!(
        (min..=max).contains(&n),
        "{n} picks in {custom_id}: {min}–{max} allowed"
    );
}

/// The component `custom_id` in a tree of components.
fn find<'a>(components: &'a Value, custom_id: &str) -> Option<&'a Value> {
    components.as_array()?.iter().find_map(|c| {
        if c["custom_id"] == custom_id {
            Some(c)
        } else {
            find(&c["components"], custom_id)
        }
    })
}
