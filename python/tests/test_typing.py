"""The type stubs (spatial_conv/__init__.pyi, written by spatial_conv._stubs):
they name every public function with its parameters, the Literal types
list exactly the strings the functions take, the hand-written functions'
enum parameters have their C enum's type, and mypy, run on
typing_cases/good.py and typing_cases/bad.py against the stubs of the
package under test, passes the good calls (with the result types each
`# R:` comment names) and reports each mistake of bad.py at its line
(`# E:` comments) and nothing else."""
import ast
import inspect
import itertools
import os
import re
import shutil
import subprocess
import sys

import pytest

import spatial_conv as sc
from spatial_conv import _api, _stubs

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = os.path.join(HERE, "typing_cases")
STUBS = os.path.join(os.path.dirname(os.path.abspath(sc.__file__)), "__init__.pyi")


def stub_tree():
    with open(STUBS, encoding="utf-8") as f:
        return ast.parse(f.read(), STUBS)


def stub_literals():
    """Literal alias name -> its strings."""
    out = {}
    for node in stub_tree().body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.value, ast.Subscript) and \
                isinstance(node.value.value, ast.Name) and node.value.value.id == "Literal":
            elts = node.value.slice.elts if isinstance(node.value.slice, ast.Tuple) else [node.value.slice]
            out[node.target.id] = tuple(e.value for e in elts)
    return out


def accepted(c_type, candidates):
    """The candidate strings that enum_value takes for c_type."""
    ok = []
    for s in candidates:
        try:
            _api.enum_value(s, c_type, "f", "x")
        except sc.Error:
            continue
        ok.append(s)
    return set(ok)


def test_the_literal_types_list_the_strings_the_functions_take():
    literals = stub_literals()
    assert set(literals) == {_stubs.literal_name(t) for t in _api.STRING_FORMS}
    for c_type in _api.STRING_FORMS:
        strings = literals[_stubs.literal_name(c_type)]
        assert strings == _api.enum_strings(c_type)
        assert len(set(strings)) == len(strings)
        for s in strings:
            assert _api.enum_value(s, c_type, "f", "x") in _api.ENUMS[c_type]
    # no string beyond them is taken: every string of up to 4 such characters
    for c_type, chars, longest in (("spconv_euler_seq", "xyzXYZ+", 4), ("spconv_axis", "xyzXYZw+-", 2),
                                   ("spconv_signed_axis", "xyzXYZw+-", 3)):
        candidates = ("".join(t) for n in range(longest + 1) for t in itertools.product(chars, repeat=n))
        assert accepted(c_type, candidates) == set(_api.enum_strings(c_type)), c_type
    for c_type in _api.PRESET_TYPES:
        names = list(_api.ENUMS[c_type].__members__)
        wrong = [n for n in names] + [n.title() for n in names] + [n.lower() + "_" for n in names]
        assert accepted(c_type, wrong) == set()


def stub_functions():
    """name -> the FunctionDefs (one, or its overloads) of the stubs."""
    out = {}
    for node in stub_tree().body:
        if isinstance(node, ast.FunctionDef):
            out.setdefault(node.name, []).append(node)
    return out


def test_every_public_function_is_in_the_stubs_with_its_parameters():
    defs = stub_functions()
    public = _stubs.public_functions()
    assert set(defs) == set(public)
    assert len(public) >= len([f for f in _api.HEADER.functions.values() if not f.deprecated])
    for name, f in public.items():
        params = inspect.signature(f).parameters.values()
        want = ([p.name for p in params if p.kind == p.POSITIONAL_OR_KEYWORD],
                [p.name for p in params if p.kind == p.KEYWORD_ONLY])
        for d in defs[name]:
            assert ([a.arg for a in d.args.args], [a.arg for a in d.args.kwonlyargs]) == want, name
            assert d.returns is not None and "Any" not in ast.unparse(d.returns), name
            for a in d.args.args + d.args.kwonlyargs:
                assert a.annotation is not None and ast.unparse(a.annotation) != "Any", (name, a.arg)
        overloads = [d for d in defs[name] if [ast.unparse(x) for x in d.decorator_list] == ["overload"]]
        assert len(overloads) == (len(defs[name]) if len(defs[name]) > 1 else 0), name


def test_every_class_and_constant_is_in_the_stubs():
    names = set()
    for node in stub_tree().body:
        if isinstance(node, ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    assert set(sc.__all__) - set(_stubs.public_functions()) - names == set()


def c_parameter(fn, name):
    return next((p for p in fn.params if p.name == {"from_": "from", "in_": "in"}.get(name, name)), None)


def test_hand_written_enum_and_convention_parameters_have_their_c_types():
    """The annotations of _whole.py's functions, for each parameter that C
    declares as an enum or a convention, are the types the generated
    functions get for the same C type."""
    checked = 0
    for name, f in _stubs.public_functions().items():
        fn = _api.HEADER.functions.get(name)
        if getattr(f, "_impl", None) is not None or fn is None:
            continue
        for p in inspect.signature(f).parameters.values():
            c = c_parameter(fn, p.name)
            if c is not None and c.type in _api.ENUMS:
                assert p.annotation == _stubs.enum_hint(c.type), (name, p.name)
                checked += 1
            elif c is not None and c.type in _api.STRUCT_CLASSES and c.type.endswith("convention"):
                assert p.annotation == _stubs.convention_hint(c.type), (name, p.name)
                checked += 1
    assert checked >= 30


def test_a_function_without_annotations_has_no_stub():
    def unannotated(x, *, check_finite=True):
        return x
    with pytest.raises(TypeError, match="unannotated: parameter x has no type annotation"):
        _stubs.function_stub("unannotated", unannotated)


def markers(path, tag):
    """line -> the text after `# tag:` on that line."""
    with open(path, encoding="utf-8") as f:
        return {i: m.group(1).strip() for i, line in enumerate(f, 1)
                for m in [re.search(rf"# {tag}: (.*)$", line)] if m}


@pytest.fixture(scope="module")
def mypy_report(tmp_path_factory):
    """(error lines, note lines) of mypy on the two cases, each a dict
    (file name, line) -> [messages], against the stubs of the package
    under test (copied alone, so that mypy reads nothing else of it)."""
    pytest.importorskip("mypy")
    pytest.importorskip("torch")
    tmp = tmp_path_factory.mktemp("typing")
    (tmp / "stubs" / "spatial_conv").mkdir(parents=True)
    shutil.copy(STUBS, tmp / "stubs" / "spatial_conv" / "__init__.pyi")
    config = tmp / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    cases = [os.path.join(CASES, n) for n in ("good.py", "bad.py")]
    r = subprocess.run([sys.executable, "-m", "mypy", "--config-file", str(config), "--cache-dir",
                        str(tmp / "cache"), "--no-error-summary", "--show-error-codes", "--no-pretty",
                        "--hide-error-context", "--show-absolute-path", *cases],
                       capture_output=True, text=True, env={**os.environ, "MYPYPATH": str(tmp / "stubs")},
                       timeout=900)
    assert r.returncode in (0, 1), r.stdout + r.stderr  # 1: errors found (bad.py has them)
    errors, notes = {}, {}
    for line in r.stdout.splitlines():
        m = re.match(r"(.+?):(\d+): (error|note): (.*)$", line)
        assert m, line
        path, number, kind, text = m.groups()
        key = (os.path.basename(path) if os.path.dirname(path) == CASES else path, int(number))
        (errors if kind == "error" else notes).setdefault(key, []).append(text)
    return errors, notes


def test_mypy_passes_correct_calls_with_their_result_types(mypy_report):
    errors, notes = mypy_report
    assert [k for k in errors if k[0] != "bad.py"] == [], errors
    reveals = markers(os.path.join(CASES, "good.py"), "R")
    assert len(reveals) >= 5
    for line, want in reveals.items():
        got = [n for n in notes.get(("good.py", line), []) if n.startswith("Revealed type is")]
        assert len(got) == 1 and got[0].startswith(f'Revealed type is "{want}'), (line, got, want)


def test_mypy_reports_each_mistake_at_its_line(mypy_report):
    errors, _ = mypy_report
    expected = markers(os.path.join(CASES, "bad.py"), "E")
    assert len(expected) >= 10
    got = {line: texts for (name, line), texts in errors.items() if name == "bad.py"}
    assert sorted(got) == sorted(expected), (got, expected)
    for line, words in expected.items():
        assert any(words in t for t in got[line]), (line, words, got[line])
