"""python/tests/skip_policy.py: a skip for a dependency that is installed
fails, a skip for one that is missing passes, a reason that names nothing
fails; at collection (a module-level skip) and in a test. A pytest run in a
subprocess on generated tests, the plugin loaded as conftest.py loads it."""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

HERE = os.path.dirname(os.path.abspath(__file__))
MISSING_PROGRAM = "spatial-conv-no-such-program"

CASES = {  # test name -> (body, outcome)
    # installed, but its import fails: the skip hides a broken install
    "importorskip_installed": ('pytest.importorskip("broken_dep")', "failed"),
    "importorskip_missing": ('pytest.importorskip("spatial_conv_no_such_module")', "skipped"),
    "module_installed": ('pytest.skip("[module json] json is missing")', "failed"),
    "module_missing": ('pytest.skip("[module spatial_conv_no_such_module] missing")', "skipped"),
    "program_installed": (f'pytest.skip("[program {os.path.basename(sys.executable)}] missing")', "failed"),
    "program_missing": (f'pytest.skip("[program {MISSING_PROGRAM}] missing")', "skipped"),
    "file_present": ('pytest.skip(f"[file {__file__}] missing")', "failed"),
    "file_missing": ('pytest.skip("[file /spatial_conv/no/such/file] missing")', "skipped"),
    "gpu": ('pytest.skip("[gpu] no CUDA device")', "skipped"),
    "selection_whole_suite": ('pytest.skip("[selection] the other test was deselected")', "failed"),
    "untagged": ('pytest.skip("torch is not installed")', "failed"),
    "passes": ("pass", "passed"),
}
BROKEN = 'raise ImportError("a dependency that is installed but does not import")\n'



def run_pytest(tmp_path, files, *args):
    """{test name: outcome} of a pytest run on FILES (name -> source)."""
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    xml = tmp_path / "report.xml"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([HERE, os.environ.get("PYTHONPATH", "")]))
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "skip_policy",
                        f"--junitxml={xml}", *args, str(tmp_path)],
                       cwd=tmp_path, env=env, capture_output=True, text=True)
    outcomes = {}
    for case in ET.parse(xml).getroot().iter("testcase"):
        kinds = [c.tag for c in case if c.tag in ("failure", "error", "skipped")]
        outcomes[case.get("name") or case.get("classname")] = \
            {"failure": "failed", "error": "failed", "skipped": "skipped"}.get(kinds[0] if kinds else "", "passed")
    return r, outcomes


def test_skips_in_tests(tmp_path):
    source = "import pytest\n" + "".join(
        f"\n\ndef test_{name}():\n    {body}\n" for name, (body, _) in CASES.items())
    r, outcomes = run_pytest(tmp_path, {"test_cases.py": source, "broken_dep.py": BROKEN})
    assert outcomes == {f"test_{name}": want for name, (_, want) in CASES.items()}, r.stdout + r.stderr
    assert r.returncode == 1
    assert "skip_policy: skipped for want of module json, which is installed" in r.stdout + r.stderr


def test_a_selected_subset_may_skip_for_the_selection(tmp_path):
    source = 'import pytest\n\n\ndef test_a():\n    pytest.skip("[selection] test_b was deselected")\n'
    r, outcomes = run_pytest(tmp_path, {"test_sel.py": source}, "-k", "test_a")
    assert outcomes == {"test_a": "skipped"}, r.stdout + r.stderr
    assert r.returncode == 0


def test_module_level_skips(tmp_path):
    files = {
        "test_mod_installed.py": 'import pytest\npytest.skip("[module json] missing", allow_module_level=True)'
                                 '\n\n\ndef test_x():\n    pass\n',
        "test_mod_missing.py": 'import pytest\npytest.skip("[module spatial_conv_no_such_module] missing",'
                               ' allow_module_level=True)\n\n\ndef test_y():\n    pass\n',
    }
    r, _ = run_pytest(tmp_path, files)
    out = r.stdout + r.stderr
    assert r.returncode != 0, out
    assert "ERROR" in out and "test_mod_installed.py" in out and "which is installed" in out, out
    assert "test_mod_missing.py" not in out.split("short test summary")[-1].split("ERROR", 1)[-1], out
