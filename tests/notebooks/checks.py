"""The code appended to each tutorial notebook by the tests, run in the notebook's own kernel after its cells.

It finds the steppers and exercises the notebook made (in its variables and in ``Out``, where IPython keeps
the value of each cell's last expression), drives them as a learner would, and prints one line
``TUTORIAL-CHECKS <json>`` that the tests read, with the names the notebook's namespace holds. It never raises:
every problem goes into the report.
"""
import json as _json
import traceback as _traceback


def _tutorial_checks():
    from carnegie_lab.tutor.exercise import Exercise
    from carnegie_lab.tutor.stepper import Stepper

    found, seen = [], set()
    for value in list(globals().values()) + list(globals().get("Out", {}).values()):
        if isinstance(value, (Stepper, Exercise)) and id(value) not in seen:
            seen.add(id(value))
            found.append(value)
    report = {"steppers": [], "exercises": [], "names": sorted(name for name in globals() if not name.startswith("_"))}
    for obj in found:
        if isinstance(obj, Stepper):
            report["steppers"].append(_check_stepper(obj))
        else:
            report["exercises"].append(_check_exercise(obj))
    return report


def _check_stepper(tour):
    from carnegie_lab.tutor import Numbers

    out = {"title": tour.title, "steps": len(tour), "errors": [], "texts": [], "actions": [], "views": [],
           "intro": tour.intro, "lang": tour.lang, "played": tour.game_at(len(tour)).actions,
           "script": [{"title": step.title, "text": step.text if isinstance(step.text, str) else None,
                       "numbers": sorted(step.expect.numbers) if isinstance(step.expect, Numbers) else []}
                      for step in tour.steps]}
    try:
        tour.start_button.click()
        out["texts"].append(tour.explanation.value)
        out["actions"].append(len(tour.game.actions))
        while not tour.next_button.disabled and len(out["texts"]) <= len(tour) + 1:
            tour.next_button.click()
            out["texts"].append(tour.explanation.value)
            out["actions"].append(len(tour.game.actions))
            if "Unexpected error" in tour.message.value:
                out["errors"].append(tour.message.value)
        out["index_at_end"] = tour.index
        tour.back_button.click()
        out["back_text_is_previous"] = tour.explanation.value == out["texts"][-2]
        # every view of the position shown draws
        for _, view in tour.view_buttons.options:
            tour.view_buttons.value = view
            if "Unexpected error" in tour.message.value:
                out["errors"].append(f"{view}: {tour.message.value}")
            out["views"].append(view)
        # leaving the script: a bad action is refused, a legal one is played, then back to the script
        tour.start_button.click()
        before = tour.game.to_position()
        out["refused"] = not tour.try_action("fly to the moon") and "cl-tut-error" in tour.message.value
        out["refusal"] = tour.message.value
        legal = [str(a) for a in tour.game.legal_actions() if a.verb != "sell"]
        out["own_played"] = bool(legal) and tour.try_action(legal[0]) and tour.off_script
        tour.try_back.click()
        out["back_to_script"] = not tour.off_script and tour.game.to_position() == before
    except Exception:                                   # noqa: BLE001 -- reported, not raised
        out["errors"].append(_traceback.format_exc())
    return out


def _check_exercise(ex):
    """The tutorial's own answer and its listed mistakes, typed in as a learner would."""
    from carnegie_lab.tutor import Numbers
    from carnegie_lab.tutor.tutorial_html import markdown

    texts = [ex.question, ex.hint, ex.explanation if isinstance(ex.explanation, str) else "", *ex.mistakes.values()]
    out = {"question": ex.question, "kind": ex.kind, "errors": [], "texts": texts, "lang": ex.lang,
           "pinned": ex.pinned if isinstance(ex.pinned, (int, str)) else repr(ex.pinned),
           "numbers": sorted(ex.expect.numbers) if isinstance(ex.expect, Numbers) else [], "mistakes": [],
           "labels": [o[0] for o in getattr(ex.input, "options", ()) if isinstance(o, tuple)], "code": ex.code}
    try:
        out["right"] = repr(ex.expected())
        out["accepts_pinned"] = ex.pinned is not None and ex.check(ex.pinned) and ex.last is True
        out["right_feedback"] = ex.feedback.value
        for wrong, feedback in ex.mistakes.items():
            refused = not ex.check(wrong) and ex.last is False
            told = markdown(feedback) in ex.feedback.value if feedback else True
            out["mistakes"].append({"answer": repr(wrong), "refused": refused, "feedback_shown": told})
    except Exception:                                   # noqa: BLE001
        out["errors"].append(_traceback.format_exc())
    return out


print("TUTORIAL-CHECKS", _json.dumps(_tutorial_checks()))
