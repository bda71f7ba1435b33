"""`carnegie-lab review`: the summary and the costliest decisions in words, the whole review as JSON."""
from __future__ import annotations

import json

import pytest

from carnegie_lab.analysis import Review, review
from carnegie_lab.cli import main


def test_review_prints_the_summary_and_the_costliest_decisions(last_rounds, capsys):
    assert main(["review", str(last_rounds), "--playouts", "16", "--quiet"]) == 0
    out, err = capsys.readouterr()
    expected = review(last_rounds.read_text(), playouts=16)
    assert out == str(expected) + "\n" and err == ""
    assert "Ada: " in out and "Bo: " in out and "average loss" in out
    assert "The costliest decisions:" in out and expected.costliest


def test_review_of_one_seat_as_json_with_a_progress_bar(last_rounds, tmp_path, capsys):
    out_file = tmp_path / "review.json"
    assert main(["review", str(last_rounds), "--seat", "Bo", "--playouts", "4", "--json", str(out_file)]) == 0
    out, err = capsys.readouterr()
    back = Review.from_dict(json.loads(out_file.read_text()))
    assert back.seats == (1,) and back.decisions and all(d.player == "Bo" for d in back.decisions)
    assert out == f"{back}\nwrote {out_file}\n"
    total = len(back.decisions)
    assert f"review [{'#' * 30}] {total}/{total} decisions" in err


def test_two_jobs_give_the_same_review_as_one(last_rounds, tmp_path):
    files = [tmp_path / f"jobs{n}.json" for n in (1, 2)]
    for n, path in zip((1, 2), files):
        argv = ["review", str(last_rounds), "--playouts", "3", "--jobs", str(n), "--quiet", "--json", str(path)]
        assert main(argv) == 0
    one, two = (json.loads(p.read_text()) for p in files)
    assert one["decisions"] and one == two


@pytest.mark.parametrize("args, message", [(["--seat", "Cy"], "no seat 'Cy'"), (["--think", "0"], "think"),
                                           (["--playouts", "0"], "playouts"), (["--jobs", "0"], "jobs")])
def test_bad_options_are_reported(last_rounds, capsys, args, message):
    with pytest.raises(SystemExit) as exit_info:
        main(["review", str(last_rounds), "--quiet", *args])
    assert exit_info.value.code == 2 and message in capsys.readouterr().err


def test_a_missing_or_broken_record_is_reported(last_rounds, tmp_path, capsys):
    with pytest.raises(SystemExit):
        main(["review", str(tmp_path / "none.json")])
    assert "cannot read" in capsys.readouterr().err
    broken = tmp_path / "broken.json"
    data = json.loads(last_rounds.read_text())
    data["actions"][2] = "choose XX"
    broken.write_text(json.dumps(data))
    with pytest.raises(SystemExit):
        main(["review", str(broken)])
    assert "actions[2]" in capsys.readouterr().err
