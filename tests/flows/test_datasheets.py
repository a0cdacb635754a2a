# SPDX-License-Identifier: Apache-2.0
"""The IP datasheets (ip/<name>/doc/README.md): every IP unit has one, its results table is what
`python -m linecrypt.gen.datasheets` generates from docs/results, every timing diagram it embeds
exists and is the rendering of its WaveDrom source, and the latency formula behind the tables
agrees with the latency the captured diagrams show."""
import json
import re
import shutil

import pytest

from linecrypt.designs import DESIGNS
from linecrypt.flows.synth import load_results, load_sweeps
from linecrypt.gen import datasheets as ds
from linecrypt.ipcores import ip_names


def test_every_ip_has_a_datasheet_with_a_table_and_a_diagram():
    for ip in ip_names():
        readme = ds.doc_dir(ip) / "README.md"
        assert readme.exists(), f"ip/{ip} has no datasheet"
        text = readme.read_text()
        assert ds.TABLE_BEGIN in text and ds.TABLE_END in text, f"ip/{ip}: no generated table block"
        assert ds.svg_refs(readme), f"ip/{ip}: no timing diagram"
        assert f"linecrypt:ip:{ip}" in text, f"ip/{ip}: the datasheet does not name its FuseSoC core"


def test_datasheets_are_fresh():
    bad = ds.problems()
    assert not bad, "\n".join(bad)


def test_every_committed_result_is_in_a_datasheet():
    for r in load_results():
        ip = ds.TOPS.get(r["top"])
        assert ip is not None, r["design"]
        assert f"[`{r['design']}`]" in (ds.doc_dir(ip) / "README.md").read_text(), r["design"]


def test_a_changed_result_makes_the_table_stale():
    results = load_results()
    r = next(r for r in results if r["design"] == "des-enc")
    changed = [dict(x, fmax_mhz=x["fmax_mhz"] + 1.0) if x is r else x for x in results]
    bad = ds.problems(changed, load_sweeps())
    assert any("ip/des/doc/README.md: results table is stale" in b for b in bad), bad


def test_a_changed_source_or_missing_svg_is_reported(tmp_path, monkeypatch):
    for ip in ip_names():
        shutil.copytree(ds.doc_dir(ip), tmp_path / ip)
    monkeypatch.setattr(ds, "doc_dir", lambda ip: tmp_path / ip)
    assert ds.problems() == []
    src = tmp_path / "des" / "timing-stream.json"
    wave = json.loads(src.read_text())
    wave["signal"][1]["wave"] = wave["signal"][1]["wave"].replace("1", "0", 1)
    src.write_text(json.dumps(wave))
    (tmp_path / "idea" / "timing-key-load.svg").unlink()
    bad = ds.problems()
    assert any("ip/des/doc/timing-stream.svg: stale" in b for b in bad), bad
    assert any("ip/idea/doc/timing-key-load.svg: missing" in b for b in bad), bad
    (tmp_path / "aes" / "README.md").unlink()
    assert any("ip/aes: no datasheet" in b for b in ds.problems())


def _edge_clocks(path, mark):
    """Clocks on the diagram's edge `mark` (e.g. "C~>D 24 clocks")."""
    src = json.loads(path.read_text())
    for e in src["edge"]:
        m = re.fullmatch(rf"{re.escape(mark)} (?:T = )?(\d+) clocks", e)
        if m:
            return int(m.group(1))
    raise AssertionError(f"{path}: no edge {mark}")


@pytest.mark.parametrize("ip", [ip for ip in ds.CAPTURE])
def test_latency_formula_matches_the_captured_diagram(ip):
    d = DESIGNS[ds.CAPTURE[ip]]
    want = ds.latency_to_m_axis(d.top, d.params)
    if d.top == "cbc_encrypt_interleave":
        got = _edge_clocks(ds.doc_dir(ip) / "timing-interleave.json", "A~>C")
        period = _edge_clocks(ds.doc_dir(ip) / "timing-interleave.json", "A~>B")
        assert period == want + 1        # T = LATENCY + 5, s_axis -> m_axis = LATENCY + 4
    else:
        got = _edge_clocks(ds.doc_dir(ip) / "timing-stream.json", "C~>D")
    assert got == want, f"{d.name}: diagram shows {got} clocks, formula gives {want}"


def test_latency_formula_known_points():
    # the RTL's figures: aes_core.v / README (AES-128 two-stage 24, the deep link point 69),
    # des_core 1 + 16 + 3, idea_core 83 + 3, serpent 1 + 32 + 3 (+3 with OUT_BRAM)
    lat = {n: ds.latency_to_m_axis(DESIGNS[n].top, DESIGNS[n].params) for n in
           ("aes128-enc-s2", "aes128-enc-s3-mix-link", "des-enc", "3des-enc", "idea-enc",
            "serpent128-enc-s1", "serpent256-dec-s2")}
    assert lat == {"aes128-enc-s2": 24, "aes128-enc-s3-mix-link": 69, "des-enc": 20, "3des-enc": 52,
                   "idea-enc": 86, "serpent128-enc-s1": 39, "serpent256-dec-s2": 68}
    assert ds.latency_to_m_axis("aes_round", {}) is None
