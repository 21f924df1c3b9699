//! The bot's languages: English (default), Dutch, Danish and Swedish.
//!
//! Every sentence the bot sends, every command description and every word drawn inside a
//! picture comes from one Fluent catalogue per language, `assets/locales/<locale>/broadside.ftl`
//! (and the daily sea's `daily.ftl` after it).
//! The catalogues are compiled into the binary and parsed once, on first use ([`Catalog::get`]).
//!
//! Which language to use:
//! * private answers (ephemeral replies, DMs, error messages) follow the user's Discord
//!   client language (`interaction.locale`);
//! * public messages follow the server's language (`guild_locale`), which a match keeps
//!   from its challenge so that later announcements (also the sweeper's) use it too.
//!
//! Unknown locales fall back to English.
//!
//! Look a sentence up with `tr!`: `tr!(lang, "key", name = value)`.

use std::fmt;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

use crate::render::Labels;

pub mod commands;
pub mod errors;
pub mod keywords;
pub mod names;
#[cfg(test)]
mod review;

/// A language the bot speaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Lang {
    /// English, Discord locale `en-US`; also used for `en-GB` and every unknown locale.
    #[default]
    EnUs,
    /// Dutch, Discord locale `nl`.
    Nl,
    /// Danish, Discord locale `da`.
    Da,
    /// Swedish, Discord locale `sv-SE`.
    SvSe,
}

impl Lang {
    /// Every language, English first.
    pub const ALL: [Lang; 4] = [Lang::EnUs, Lang::Nl, Lang::Da, Lang::SvSe];

    /// Discord's name for the locale (`en-US`, `nl`, `da`, `sv-SE`).
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::EnUs => "en-US",
            Lang::Nl => "nl",
            Lang::Da => "da",
            Lang::SvSe => "sv-SE",
        }
    }

    /// The language for a Discord locale; English for anything the bot does not speak.
    #[must_use]
    pub fn from_discord(locale: &str) -> Self {
        match locale {
            "nl" => Lang::Nl,
            "da" => Lang::Da,
            "sv-SE" => Lang::SvSe,
            _ => Lang::EnUs,
        }
    }

    /// The language for an optional Discord locale (`None` is English).
    #[must_use]
    pub fn from_opt(locale: Option<&str>) -> Self {
        locale.map_or(Lang::EnUs, Lang::from_discord)
    }

    /// The catalogue source of this language: `broadside.ftl`, then the daily sea's
    /// `daily.ftl` (a file of its own, so that one feature's words have one writer).
    pub(crate) const fn source(self) -> &'static str {
        macro_rules! catalogue {
            ($locale:literal) => {
                concat!(
                    include_str!(concat!(
                        "../../../../assets/locales/",
                        $locale,
                        "/broadside.ftl"
                    )),
                    "\n",
                    include_str!(concat!(
                        "../../../../assets/locales/",
                        $locale,
                        "/daily.ftl"
                    )),
                )
            };
        }
        match self {
            Lang::EnUs => catalogue!("en-US"),
            Lang::Nl => catalogue!("nl"),
            Lang::Da => catalogue!("da"),
            Lang::SvSe => catalogue!("sv-SE"),
        }
    }

    const fn index(self) -> usize {
        self as usize
    }

    /// The message `key` without arguments.
    #[must_use]
    pub fn text(self, key: &str) -> String {
        Catalog::get().format(self, key, None)
    }

    /// The message `key` with `args` filled in.
    #[must_use]
    pub fn text_with(self, key: &str, args: &FluentArgs<'_>) -> String {
        Catalog::get().format(self, key, Some(args))
    }

    /// The words drawn inside pictures, in this language.
    #[must_use]
    pub fn labels(self) -> &'static Labels {
        &Catalog::get().labels[self.index()]
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Looks a message up in a language, with optional named arguments:
/// `tr!(lang, "fire-again", player = mention(p), deadline = relative(t))`.
///
/// Values may be strings or numbers; numbers select plural forms.
macro_rules! tr {
    ($lang:expr, $key:expr) => {
        $crate::bot::kit::i18n::Lang::text($lang, $key)
    };
    ($lang:expr, $key:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), ::fluent_bundle::FluentValue::from($value)); )+
        $crate::bot::kit::i18n::Lang::text_with($lang, $key, &args)
    }};
}
pub(crate) use tr;

/// Every language's parsed messages and picture words.
pub struct Catalog {
    bundles: Vec<FluentBundle<FluentResource>>,
    labels: Vec<Labels>,
}

impl fmt::Debug for Catalog {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Catalog")
            .field("languages", &Lang::ALL)
            .finish_non_exhaustive()
    }
}

static CATALOG: OnceLock<Catalog> = OnceLock::new();

impl Catalog {
    /// The catalogue, parsed on first use. Problems in a catalogue are logged; a broken
    /// message falls back to English (the unit tests make sure there are none).
    pub fn get() -> &'static Catalog {
        CATALOG.get_or_init(Catalog::load)
    }

    fn load() -> Catalog {
        let bundles: Vec<_> = Lang::ALL.iter().map(|&lang| bundle(lang)).collect();
        let mut catalog = Catalog {
            bundles,
            labels: Vec::new(),
        };
        catalog.labels = Lang::ALL.iter().map(|&l| catalog.build_labels(l)).collect();
        catalog
    }

    /// Whether `lang` has its own message `key` (without falling back to English).
    #[must_use]
    pub fn has(&self, lang: Lang, key: &str) -> bool {
        self.bundles[lang.index()].has_message(key)
    }

    /// The message `key` in `lang` (else in English, else the key itself), with `args`.
    #[must_use]
    pub fn format(&self, lang: Lang, key: &str, args: Option<&FluentArgs<'_>>) -> String {
        for l in [lang, Lang::EnUs] {
            let bundle = &self.bundles[l.index()];
            let Some(pattern) = bundle.get_message(key).and_then(|m| m.value()) else {
                continue;
            };
            let mut errors = Vec::new();
            let text = bundle.format_pattern(pattern, args, &mut errors);
            if !errors.is_empty() {
                tracing::warn!(key, lang = %l, ?errors, "a message did not format cleanly");
            }
            if l != lang {
                tracing::warn!(key, %lang, "message missing; using English");
            }
            return text.into_owned();
        }
        tracing::warn!(key, %lang, "message missing in every language");
        key.to_owned()
    }

    /// The message `key` in `lang` only, `None` if that language lacks it.
    #[must_use]
    pub fn own(&self, lang: Lang, key: &str) -> Option<String> {
        self.has(lang, key).then(|| self.format(lang, key, None))
    }

    /// Formats a picture template: each `{ $var }` becomes the renderer's `{var}`.
    fn template(&self, lang: Lang, key: &str, vars: &[&str]) -> String {
        let mut args = FluentArgs::new();
        for var in vars {
            args.set(*var, FluentValue::from(format!("{{{var}}}")));
        }
        self.format(lang, key, Some(&args))
    }

    // Field by field on top of the defaults, so that a word the renderer adds to `Labels`
    // later keeps its English default until the catalogues have it.
    #[expect(clippy::field_reassign_with_default)]
    fn build_labels(&self, lang: Lang) -> Labels {
        let word = |key: &str| self.format(lang, key, None).into();
        let template = |key: &str, vars: &[&str]| self.template(lang, key, vars).into();
        let mut l = Labels::default();
        l.your_fleet = word("pic-your-fleet");
        l.enemy_waters = word("pic-enemy-waters");
        l.history = word("pic-history");
        l.turn = template("pic-turn", &["n"]);
        l.ships_left = word("pic-ships-left");
        l.water = word("pic-water");
        l.hit_len = template("pic-hit-len", &["len"]);
        l.destroyed_len = template("pic-destroyed-len", &["len"]);
        l.miss = word("pic-miss");
        l.hit = word("pic-hit");
        l.sunk_len = template("pic-sunk-len", &["len"]);
        l.wins = template("pic-wins", &["name"]);
        l.draw = word("pic-draw");
        l.cancelled = word("pic-cancelled");
        l.reason_fleet = word("pic-reason-fleet");
        l.reason_forfeit = word("pic-reason-forfeit");
        l.reason_timeout = word("pic-reason-timeout");
        l.reason_turn_limit = word("pic-reason-turn-limit");
        l.shots = word("pic-shots");
        l.hits = word("pic-hits");
        l.accuracy = word("pic-accuracy");
        l.turns = word("pic-turns");
        l.percent = template("pic-percent", &["n"]);
        l.afloat = template("pic-afloat", &["afloat", "total"]);
        l.enemy_shots = template("pic-enemy-shots", &["shots", "hits"]);
        l.shots_fired = template("pic-shots-fired", &["shots", "hits"]);
        l.no_shots = word("pic-no-shots");
        l.alt_sunk = template("pic-alt-sunk", &["cells"]);
        l.alt_hits = template("pic-alt-hits", &["cells"]);
        l.alt_misses = template("pic-alt-misses", &["cells"]);
        l.alt_known_water = template("pic-alt-known-water", &["cells"]);
        l.alt_only_water = template("pic-alt-only-water", &["cells"]);
        l.alt_left_out = template("pic-alt-left-out", &["n"]);
        l.alt_ships = template("pic-alt-ships", &["ships"]);
        l.alt_ship_hit = template("pic-alt-ship-hit", &["ship", "cells"]);
        l.alt_ship_sunk = template("pic-alt-ship-sunk", &["ship"]);
        l.alt_enemy_misses = template("pic-alt-enemy-misses", &["cells"]);
        l.replay_move = template("pic-replay-move", &["n", "total", "name"]);
        l.replay_sampled = template("pic-replay-sampled", &["k"]);
        l.replay_alt = template("pic-replay-alt", &["a", "b", "moves"]);
        l
    }
}

/// Parses one language's catalogue into a thread-safe bundle, logging any problem.
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id: LanguageIdentifier = lang
        .code()
        .parse()
        .unwrap_or_else(|_| LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around arguments would break mentions and markdown.
    bundle.set_use_isolating(false);
    let resource = FluentResource::try_new(lang.source().to_owned()).unwrap_or_else(|(r, e)| {
        tracing::error!(%lang, errors = ?e, "the message catalogue has syntax errors");
        r
    });
    if let Err(e) = bundle.add_resource(resource) {
        tracing::error!(%lang, errors = ?e, "the message catalogue has duplicate messages");
    }
    bundle
}

#[cfg(test)]
pub(super) mod tests {
    use std::collections::{BTreeMap, BTreeSet};

    use fluent_syntax::ast;

    use super::*;
    use crate::game::{Coord, Fleet, Match, MatchOptions, PlayerId, Sea, TargetView, Variant};
    use crate::render::{alt, labels::fill};

    /// Message id → the variables it uses, for one catalogue.
    pub(super) fn variables(lang: Lang) -> BTreeMap<String, BTreeSet<String>> {
        let resource = fluent_syntax::parser::parse(lang.source())
            .unwrap_or_else(|(_, e)| panic!("{lang}: syntax errors: {e:?}"));
        let mut out = BTreeMap::new();
        for entry in resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    assert!(
                        m.attributes.is_empty(),
                        "{lang} {}: no attributes",
                        m.id.name
                    );
                    let mut vars = BTreeSet::new();
                    if let Some(p) = &m.value {
                        pattern_vars(p, &mut vars);
                    }
                    let id = m.id.name.to_owned();
                    assert!(out.insert(id.clone(), vars).is_none(), "{lang}: {id} twice");
                }
                ast::Entry::Junk { content } => panic!("{lang}: cannot parse {content:?}"),
                _ => {}
            }
        }
        out
    }

    fn pattern_vars(p: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
        for element in &p.elements {
            if let ast::PatternElement::Placeable { expression } = element {
                expression_vars(expression, vars);
            }
        }
    }

    fn expression_vars(e: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::Expression::Inline(inline) => inline_vars(inline, vars),
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for v in variants {
                    pattern_vars(&v.value, vars);
                }
            }
        }
    }

    fn inline_vars(e: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
        match e {
            ast::InlineExpression::VariableReference { id } => {
                vars.insert(id.name.to_owned());
            }
            ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
            ast::InlineExpression::FunctionReference { arguments, .. } => {
                for a in &arguments.positional {
                    inline_vars(a, vars);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_language_has_every_message_with_the_same_placeholders() {
        let english = variables(Lang::EnUs);
        assert!(english.len() > 100, "{} messages", english.len());
        for lang in &Lang::ALL[1..] {
            let other = variables(*lang);
            for (id, vars) in &english {
                let theirs = other
                    .get(id)
                    .unwrap_or_else(|| panic!("{lang} lacks the message {id}"));
                assert_eq!(theirs, vars, "{lang} {id}: placeholders differ from en-US");
            }
            let extra: Vec<_> = other.keys().filter(|k| !english.contains_key(*k)).collect();
            assert!(
                extra.is_empty(),
                "{lang} has messages en-US lacks: {extra:?}"
            );
        }
    }

    #[test]
    fn every_catalogue_loads_without_errors() {
        for lang in Lang::ALL {
            let resource = FluentResource::try_new(lang.source().to_owned());
            assert!(
                resource.is_ok(),
                "{lang}: {:?}",
                resource.err().map(|e| e.1)
            );
            for (id, _) in variables(lang) {
                assert!(Catalog::get().has(lang, &id), "{lang} {id}");
            }
        }
    }

    #[test]
    fn locales_map_to_languages_with_english_as_fallback() {
        assert_eq!(Lang::from_discord("nl"), Lang::Nl);
        assert_eq!(Lang::from_discord("da"), Lang::Da);
        assert_eq!(Lang::from_discord("sv-SE"), Lang::SvSe);
        for other in ["en-US", "en-GB", "de", "sv", "", "nl-BE"] {
            assert_eq!(Lang::from_discord(other), Lang::EnUs, "{other}");
        }
        assert_eq!(Lang::from_opt(None), Lang::EnUs);
        for lang in Lang::ALL {
            assert_eq!(Lang::from_discord(lang.code()), lang);
        }
    }

    #[test]
    fn arguments_fill_in_without_isolation_marks() {
        let text = tr!(
            Lang::EnUs,
            "fire-to-move",
            player = "<@1>",
            deadline = "<t:5:R>"
        );
        assert!(text.contains("<@1> to move"), "{text}");
        assert!(
            !text.contains('\u{2068}') && !text.contains('\u{2069}'),
            "{text:?}"
        );
    }

    #[test]
    fn plurals_follow_the_count() {
        for (lang, variant, expected, said) in [
            (Lang::EnUs, "Classic", 1, "exactly 1 cell "),
            (Lang::Da, "Game 2000", 3, "3 felter"),
        ] {
            let text = tr!(
                lang,
                "err-fire-shot-count",
                variant = variant,
                expected = expected,
                given = 2
            );
            assert!(text.contains(said), "{text}");
        }
    }

    #[test]
    fn missing_messages_fall_back_to_english_then_the_key() {
        assert_eq!(
            Catalog::get().format(Lang::Nl, "no-such-key", None),
            "no-such-key"
        );
        assert_eq!(Catalog::get().own(Lang::Nl, "no-such-key"), None);
    }

    #[test]
    fn english_picture_words_match_the_renderers_defaults() {
        assert_eq!(*Lang::EnUs.labels(), Labels::default());
    }

    #[test]
    fn picture_words_are_translated() {
        for lang in &Lang::ALL[1..] {
            let l = lang.labels();
            assert_ne!(l.your_fleet, Labels::default().your_fleet, "{lang}");
            assert!(l.turn.contains("{n}"), "{lang}: {}", l.turn);
            assert!(
                l.afloat.contains("{afloat}") && l.afloat.contains("{total}"),
                "{lang}"
            );
        }
        assert_eq!(Lang::Nl.labels().water, "water");
    }

    const CLASSIC: &str = "A1-A4 C1-C3 E1-E3 G1-G2 I1-I2 A6-B6 D6 F6 H6 J10";

    fn cell(name: &str) -> Coord {
        name.parse().unwrap()
    }

    #[test]
    fn a_sunk_ship_is_named_with_its_length_as_a_unit() {
        for (lang, want) in [
            (Lang::EnUs, "ship of length 3 sunk"),
            (Lang::Nl, "schip van lengte 3 gezonken"),
            (Lang::Da, "skib (længde 3) sænket"),
            (Lang::SvSe, "skepp med längden 3 sänkt"),
        ] {
            assert_eq!(
                fill(&lang.labels().sunk_len, &[("len", "3")]),
                want,
                "{lang}"
            );
        }
    }

    #[test]
    fn pictures_write_percentages_as_each_language_does() {
        // A finished match in which one player hit once in two shots.
        let (ann, bob) = (PlayerId(1), PlayerId(2));
        let mut m =
            Match::challenge(ann, bob, Variant::Classic, MatchOptions::default(), 5).unwrap();
        m.accept(bob).unwrap();
        for p in [ann, bob] {
            m.set_fleet(p, Fleet::parse(Variant::Classic, CLASSIC).unwrap())
                .unwrap();
            m.confirm(p).unwrap();
        }
        let first = m.to_move().unwrap();
        m.fire(first, &[cell("A1")]).unwrap();
        m.fire(first, &[cell("B1")]).unwrap();
        m.forfeit(first).unwrap();
        let view = m.reveal().unwrap();
        let names = ["Ann".to_owned(), "Bob".to_owned()];
        for (lang, want) in [
            (Lang::EnUs, "50%"),
            (Lang::Nl, "50%"),
            (Lang::Da, "50 %"),
            (Lang::SvSe, "50 %"),
        ] {
            let labels = lang.labels();
            assert_eq!(fill(&labels.percent, &[("n", "50")]), want, "{lang}");
            // The stats card's percentages (a message, not a picture word) agree.
            assert_eq!(tr!(lang, "stats-percent", n = 50), want, "{lang}");
            let text = alt::reveal(&view, &names, labels);
            let accuracy = format!("{} {want},", labels.accuracy);
            assert!(text.contains(&accuracy), "{lang}: {text}");
        }
    }

    #[test]
    fn the_target_board_text_goes_on_in_lower_case_after_the_semicolon() {
        let mut sea = Sea::new(Fleet::parse(Variant::Classic, CLASSIC).unwrap());
        sea.resolve(cell("A1"), 1);
        sea.resolve(cell("B1"), 1);
        let view = TargetView::of_sea(&sea);
        for lang in Lang::ALL {
            let text = alt::target_board(&view, lang.labels());
            let (_, after) = text.split_once("; ").expect("two parts");
            assert!(after.starts_with(char::is_lowercase), "{lang}: {text}");
            assert!(after.contains('2') && after.contains('1'), "{lang}: {text}");
        }
    }

    #[test]
    fn swedish_statistics_count_in_singular_and_plural() {
        let line = |won: u32, lost: u32, drawn: u32| {
            tr!(
                Lang::SvSe,
                "stats-computer-line",
                won = won,
                lost = lost,
                drawn = drawn
            )
        };
        assert_eq!(line(1, 1, 1), "1 vinst · 1 förlust · 1 oavgjort");
        assert_eq!(line(5, 5, 5), "5 vinster · 5 förluster · 5 oavgjorda");
        assert_eq!(line(0, 5, 0), "0 vinster · 5 förluster");
        let alt = |wins: u32, losses: u32, draws: u32| {
            tr!(
                Lang::SvSe,
                "stats-alt",
                name = "Ann",
                variant = "klassiskt",
                rating = "1500",
                provisional = "no",
                wins = wins,
                losses = losses,
                draws = draws,
                accuracy = "50 %",
                streak = 1,
                longest = 2
            )
        };
        let one = alt(1, 1, 1);
        assert!(one.contains(", 1 vinst, 1 förlust, 1 oavgjort, "), "{one}");
        let five = alt(5, 5, 5);
        assert!(
            five.contains(", 5 vinster, 5 förluster, 5 oavgjorda, "),
            "{five}"
        );
    }

    #[test]
    fn swedish_texts_say_giving_up_not_despair() {
        for key in ["history-how-forfeit", "cmd-stats-help"] {
            let text = Lang::SvSe.text(key);
            assert!(!text.contains("uppgivelse"), "{key}: {text}");
        }
        assert_eq!(Lang::SvSe.text("history-how-forfeit"), "uppgivet parti");
        assert!(Lang::SvSe.text("cmd-stats-help").contains("gav upp"));
    }

    #[test]
    fn dutch_wording_follows_the_review() {
        let nl = Lang::Nl;
        assert_eq!(
            fill(&nl.labels().afloat, &[("afloat", "8"), ("total", "10")]),
            "nog 8 van 10 schepen over"
        );
        // The pictures say "vernietigd" of a whole fleet; so does the history.
        assert_eq!(nl.labels().reason_fleet, "alle schepen vernietigd");
        assert_eq!(nl.text("history-how-sunk"), "alle schepen vernietigd");
        // The house rule's words, in the option and in the rules.
        assert!(nl.text("rules-game2000").contains("dubbel schieten"));
        // One kind of clause: "door …" throughout, no "doordat".
        let stats = nl.text("cmd-stats-help");
        assert!(!stats.contains("doordat"), "{stats}");
        assert!(stats.contains("door opgave"), "{stats}");
        let replay = nl.text("cmd-replay-help");
        assert!(!replay.contains("het hare"), "{replay}");
    }

    #[test]
    fn dutch_texts_call_a_cell_vakje_throughout() {
        let source = Lang::Nl.source().to_lowercase();
        assert!(!source.contains("hokje"));
        assert!(source.contains("vakje"));
    }
}

#[cfg(test)]
mod keys;
