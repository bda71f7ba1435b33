"""The views in Brazilian Portuguese: every visible string (titles, annotations, trace texts, hovers) comes
from the pt_BR catalog, or is a number or a name that is the same in both languages.

The check renders in tests/i18n_check.py's widened pt_BR: whatever ASCII word is left in a figure was not
translated, and a message the catalog lacks is recorded with its id."""
from __future__ import annotations

import pytest
from i18n_check import WIDE, Widened, ascii_words, wide
from views_helpers import play, played

import carnegie_lab as cl
from carnegie_lab.core import i18n


def visible(spec: dict) -> list[str]:
    """Every text a figure shows: title and subtitle, annotations, axis titles, trace texts and hovers,
    legend names."""
    layout = spec["layout"]
    title = layout.get("title", {})
    out = [title.get("text", ""), title.get("subtitle", {}).get("text", "")]
    out += [a.get("text", "") for a in layout.get("annotations", [])]
    out += [layout[k]["title"]["text"] for k in ("xaxis", "yaxis") if "title" in layout.get(k, {})]
    for trace in spec["data"]:
        for key in ("text", "hovertext", "hovertemplate"):
            value = trace.get(key)
            out += [value] if isinstance(value, str) else list(value or [])
        if trace.get("showlegend"):
            out.append(trace["name"])
    return [str(t) for t in out if t]


def english_left(game, texts: list[str]) -> list[tuple[str, str]]:
    """(word, text) of each ASCII word of the texts that is not a name the same in both languages (the
    players, Andrew, the timeline's row codes)."""
    return ascii_words(texts, {*game.players, "Andrew", *game.components.timeline.rows})


def figures(game, lang: str) -> dict[str, dict]:
    """Every view of a position (the map with and without a seat's network, targets to click)."""
    V = cl.views
    out = {"map": V.map_figure.spec(game, lang=lang),
           "network": V.map_figure.spec(game, 0, targets={"pittsburgh": wide("build here")}, lang=lang),
           "tracks": V.tracks_figure.spec(game, lang=lang), "timeline": V.timeline_figure.spec(game, lang=lang),
           "donations": V.donations_figure.spec(game, lang=lang), "scores": V.scores_figure.spec(game, lang=lang),
           "history": V.history_figure.spec(game, lang=lang)}
    out |= {f"company-{seat}": V.company_figure.spec(game, seat, lang=lang) for seat in range(len(game.players))}
    return out


@pytest.mark.parametrize("position", ["fresh", "mid3", "event3", "solo", "solo_over", "finished", "expansion"])
def test_every_visible_string_of_every_view_is_translated(position, request, widened):
    game = request.getfixturevalue(position)
    untranslated = {}
    for view, spec in figures(game, WIDE).items():
        if left := english_left(game, visible(spec)):
            untranslated[view] = sorted({word for word, _ in left}), left[0][1]
    assert not widened.missing, f"not in the pt_BR catalog: {sorted(widened.missing)}"
    assert not untranslated, f"English left in the pt_BR views of {position}: {untranslated}"


def test_the_check_finds_an_english_word_and_a_message_the_catalog_lacks(fresh, widened):
    spec = cl.views.map_figure.spec(fresh, lang=WIDE)
    assert english_left(fresh, visible(spec)) == []
    assert [word for word, _ in english_left(fresh, visible(cl.views.map_figure.spec(fresh)))][:2] == ["Round", "the"]
    spec["layout"]["title"]["text"] += " the map"
    assert [word for word, _ in english_left(fresh, visible(spec))] == ["the", "map"]
    alone = Widened(i18n.translator("pt_BR"))
    assert alone.gettext("West") == wide("Oeste") and not alone.missing
    assert alone.gettext("a message nobody wrote") == wide("a message nobody wrote")
    assert alone.missing == {"a message nobody wrote"}


def test_portuguese_figures_use_the_rules_terms(mid3):
    V = cl.views
    tracks = str(V.tracks_figure.spec(mid3, lang="pt_BR"))
    assert "Trilhas de transporte" in tracks and "Tabelas de Projetos" in tracks and "OESTE" in tracks
    assert "Linha do Tempo" in V.timeline_figure.spec(mid3, lang="pt_BR")["layout"]["title"]["text"]
    company = str(V.company_figure.spec(mid3, 0, lang="pt_BR"))
    assert "Missões" in company and "Recursos Humanos" in company and "Human Resources" not in company
    assert "Educação: departamentos de RH" in str(V.donations_figure.spec(mid3, lang="pt_BR")["data"])


@pytest.mark.parametrize("view", ["map_figure", "tracks_figure", "timeline_figure", "donations_figure",
                                  "scores_figure", "history_figure"])
def test_english_is_the_default_and_the_same_as_en(view, mid3):
    build = getattr(cl.views, view)
    assert build.spec(mid3) == build.spec(mid3, lang="en") == build.spec(mid3, lang=None)
    assert build.spec(mid3) != build.spec(mid3, lang="pt_BR")


def test_an_unknown_language_is_refused(mid3):
    with pytest.raises(cl.UnknownLanguageError):
        cl.views.map_figure(mid3, lang="xx")


@pytest.fixture(scope="module")
def reviewed():
    """A review of Ada's decisions over the last three rounds of a 2-player game (some graded with a loss)."""
    from carnegie_lab.analysis import review

    game = cl.Game.from_position(played(["Ada", "Bo"], 5, until_round=18).to_position())
    play(game, 5)
    return review(game, seats=["Ada"], playouts=2)


def test_the_review_chart_is_translated(reviewed, widened):
    assert reviewed.decisions and any(d.loss for d in reviewed.decisions)
    spec = cl.views.review_figure.spec(reviewed, lang=WIDE)
    assert not widened.missing, f"not in the pt_BR catalog: {sorted(widened.missing)}"
    notation = {word for d in reviewed.decisions for a in (d.played.action, d.best.action) for word in str(a).split()}
    assert ascii_words(visible(spec), {*reviewed.players, *notation}) == []
    assert cl.views.review_figure.spec(reviewed) == cl.views.review_figure.spec(reviewed, lang="en")


@pytest.mark.parametrize("position", ["fresh", "mid3", "solo", "solo_over", "finished"])
def test_the_summary_and_its_mini_map_are_translated(position, request, widened):
    """Jupyter's rich display of a game (``game_html``, with the SVG mini-map and its tooltips)."""
    game = request.getfixturevalue(position)
    page = cl.views.game_html(game, lang=WIDE)
    assert not widened.missing, f"not in the pt_BR catalog: {sorted(widened.missing)}"
    left = ascii_words([page], {*game.players, "Andrew", "Carnegie", *game.components.timeline.rows})
    assert left == [], sorted({word for word, _ in left})
    assert cl.views.game_html(game) == cl.views.game_html(game, lang="en") == game._repr_html_()


def test_the_word_tables_cover_every_id_they_name():
    """The tables that give an id its words (translated where shown) name every id the game has."""
    from carnegie_lab.analysis import GRADES
    from carnegie_lab.core.loader import components
    from carnegie_lab.core.state import Phase
    from carnegie_lab.core.words import CITY_SIZES
    from carnegie_lab.views.company import MISSIONS
    from carnegie_lab.views.review import GRADE_NAMES
    from carnegie_lab.views.summary import PHASES

    C = components()
    assert set(PHASES) == {phase.value for phase in Phase}
    assert set(CITY_SIZES) == {city.size for city in C.cities.values()}
    assert set(MISSIONS) == {dept.mission for dept in C.departments.values()}
    assert list(GRADE_NAMES) == list(GRADES)
