"""A seeded fuzzer over every public function of spatial_conv.

Each function starts from its valid calls in test_every_function.py (the
table that covers the mirror's list) and is called CASES times with one
argument changed at random:

  real arrays    dtype (float64, float32, int, bool, complex, object),
                 layout (non-contiguous, negative strides, Fortran order,
                 stride-0 broadcast, a Python list), batch dimensions
                 (stride-0 and copied, empty batches), a wrong trailing
                 size, NaN and inf (refused, then handed to C with
                 check_finite=False), None (C's NULL where the header's
                 contract allows one)
  enums, ints    2**70, -1, a name that is none, a float, None
  the call       an extra positional argument, an unknown keyword
  out=           a fresh array, the input itself (in place), an input
                 broadcast over the batch, a partly overlapping view, a
                 writable view with stride-0 rows

Allowed outcomes, and nothing else:
  (a) the same result as the call on clean contiguous float64 (or float32,
      for float32 input) copies of the same values (NaN equal to NaN; with
      check_finite=False a NaN input gives NaN in the same places);
  (b) spatial_conv.Error naming the function and an argument of its
      signature (both calls must then raise: a refusal of the clean call
      and a result for the changed one, or the reverse, is a silent
      difference);
  (c) TypeError, for the Python arity / keyword mistakes only.
Changes without a clean counterpart (complex, object, 2**70, names, NaN
with check_finite) must raise (b). Any other exception type fails, and a
crash ends the pytest run. A summary of the outcome classes is printed.
"""
import collections
import inspect
import warnings

import numpy as np
import pytest

import spatial_conv as sc
import test_every_function as every

SEED = 20250607
CASES = 60  # per function: about 202 x 60 x 2 calls, a few seconds
COUNTS = collections.Counter()
LAYOUT_TURN = collections.Counter()  # function -> layout changes made

def nullable(f):
    """The Python names of f's inputs whose C pointer may be NULL (the
    header's contract '<param> NULL: <meaning>'): None is a value there."""
    from spatial_conv import _api
    fn = _api.HEADER.functions.get(f.__name__)
    names = params_of(f)
    return {p.name if p.name in names else p.name + "_" for p in fn.params if p.nullable} if fn else set()


class Failure(AssertionError):
    pass


# ------------------------------------------------------------------ outcomes
def run(f, args, kwargs):
    """("ok", result) | ("error", Error) | ("typeerror", TypeError) | ("crash", other)"""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            with np.errstate(all="ignore"):
                return "ok", f(*args, **kwargs)
    except sc.Error as e:
        return "error", e
    except TypeError as e:
        return "typeerror", e
    except Exception as e:  # noqa: BLE001 - any other type is a failure
        return "crash", e


def params_of(f):
    return set(inspect.signature(f).parameters)


def check_error(f, e, what):
    """e names f and an argument of f's signature."""
    if e.function != f.__name__:
        raise Failure(f"{what}: Error.function {e.function!r}, expected {f.__name__!r}: {e}")
    if e.argument is None:
        raise Failure(f"{what}: Error names no argument: {e}")
    names = params_of(f)
    for a in e.argument.split(", "):
        base = a.split(".")[0].split("[")[0]
        if base not in names:
            raise Failure(f"{what}: Error.argument {e.argument!r} is not in {sorted(names)}: {e}")


def same(a, b):
    """results equal, NaN equal to NaN, same shapes and dtypes"""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return type(a) is type(b) and len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if a is None or b is None or isinstance(a, (str, int, bool)) and not isinstance(a, np.generic):
        return a == b
    a, b = np.asarray(a), np.asarray(b)
    return a.shape == b.shape and a.dtype == b.dtype and np.array_equal(a, b, equal_nan=a.dtype.kind in "fc")


def expect_refused(f, out, what):
    kind, r = out
    if kind == "error":
        check_error(f, r, what)
    elif kind == "crash":
        raise Failure(f"{what}: {type(r).__name__}: {r}")
    else:
        raise Failure(f"{what}: accepted ({kind}: {r!r:.200})")


def compare(f, got, clean, what):
    """outcome classes (a) and (b) of the module docstring"""
    (gk, g), (ck, c) = got, clean
    for kind, r in (got, clean):
        if kind == "crash":
            raise Failure(f"{what}: {type(r).__name__}: {r}")
        if kind == "error":
            check_error(f, r, what)
    if gk != ck:
        raise Failure(f"{what}: {gk} ({g!r:.200}) but {ck} for clean copies ({c!r:.200})")
    if gk == "ok" and not same(g, c):
        raise Failure(f"{what}: result differs from the clean copies' result:\n{g!r:.400}\n{c!r:.400}")
    COUNTS["(a) same as clean" if gk == "ok" else "(b) Error, both" if gk == "error" else "(c) TypeError"] += 1


# ------------------------------------------------------------------ mutations
def is_real_array(v):
    return isinstance(v, np.ndarray) and v.dtype.kind == "f" or \
        isinstance(v, list) and len(v) > 0 and all(isinstance(x, float) for x in np.ravel(v))


def is_enum_or_int(v):
    return isinstance(v, (int, np.integer)) and not isinstance(v, bool)


def clean_of(v):
    """a clean contiguous copy of the same values: float32 stays float32"""
    a = np.asarray(v)
    return np.ascontiguousarray(a, np.float32 if a.dtype == np.float32 else np.float64)


def layouts(rng, v):
    """(label, changed array) with the values of v (float64)"""
    a = np.asarray(v, np.float64)
    big = np.zeros(a.shape[:-1] + (2 * a.shape[-1],)) if a.ndim else None
    out = [("float32", a.astype(np.float32)), ("list", a.tolist()), ("fortran", np.asfortranarray(a))]
    if a.ndim:
        big[..., ::2] = a
        out += [("strided", big[..., ::2]), ("negative strides", a[..., ::-1].copy()[..., ::-1]),
                ("batch stride-0", np.broadcast_to(a, (2,) + a.shape)),
                ("batch copied", np.stack([a, a])), ("empty batch", np.zeros((0,) + a.shape)),
                ("wrong trailing size", a[..., :-1]), ("one more", np.concatenate([a, a[..., :1]], -1))]
    if np.all(a == np.round(a)):
        out += [("int64", a.astype(np.int64)), ("int32 strided", a.astype(np.int32)[..., ::-1][..., ::-1])]
    out += [("bool", a != 0), ("NaN", np.where(np.arange(a.size).reshape(a.shape) == 0, np.nan, a)),
            ("inf", np.full(a.shape, np.inf))]
    return out


REFUSED_ARRAYS = [("complex", lambda a: np.asarray(a, complex)), ("object", lambda a: np.asarray(a, object)),
                  ("str", lambda a: np.asarray(a).astype(str))]
REFUSED_INTS = [("2**70", 2**70), ("-2**70", -(2**70)), ("a name", "no_such_name"), ("a float", 1.5)]


def bound_calls(name):
    f = getattr(sc, name)
    sig = inspect.signature(f)
    return [sig.bind(*c.args, **c.kwargs) for c in every.VALID if c.name == name]


def fields(b):
    """(path, value) of every argument, and of the fields of Body arguments"""
    for k, v in b.arguments.items():
        if isinstance(v, sc.Body):
            for fk, fv in v._asdict().items():
                yield (k, fk), np.asarray(fv, float)
        else:
            yield (k, None), v


def replaced(b, path, value):
    args = dict(b.arguments)
    k, fk = path
    args[k] = args[k]._replace(**{fk: value}) if fk else value
    return args


def call_with(f, args):
    return run(f, (), args)


def fuzz_one(name, rng):
    f = getattr(sc, name)
    calls = bound_calls(name)
    sig = params_of(f)
    for i in range(CASES):
        fuzz_case(f, name, calls[i % len(calls)], sig, rng, i)


def fuzz_case(f, name, b, sig, rng, i):
    if True:
        b = inspect.signature(f).bind(**dict(b.arguments))
        paths = [(p, v) for p, v in fields(b) if p[0] not in ("check_finite", "out", "dtype")]
        choice = rng.integers(0, 10)
        what = f"{name} case {i}"
        if choice == 0 or not paths:  # Python arity and keyword mistakes: TypeError (a call
            # given no arguments can only get a keyword wrong: a positional one may be optional)
            kind, r = run(f, tuple(b.args) + (0,), dict(b.kwargs)) if paths and rng.random() < 0.5 else \
                run(f, b.args, {**b.kwargs, "no_such_keyword": 1})
            if kind != "typeerror":
                raise Failure(f"{what}: an arity / keyword mistake gave {kind}: {r!r:.200}")
            COUNTS["(c) TypeError"] += 1
            return
        if choice == 1 and "out" in sig:
            fuzz_out(f, b, rng, what)
            return
        path, v = paths[rng.integers(0, len(paths))]
        what += f" {'.'.join(p for p in path if p)}"
        if is_real_array(v) and rng.random() < 0.1 and path[1] is None:
            fuzz_none(f, name, b, path, what)
        elif is_real_array(v):
            if rng.random() < 0.15:
                label, make = REFUSED_ARRAYS[rng.integers(0, len(REFUSED_ARRAYS))]
                expect_refused(f, call_with(f, replaced(b, path, make(v))), f"{what} {label}")
                COUNTS["(b) Error, refused"] += 1
                return
            options = layouts(rng, v)  # in turn, so that every change is made
            label, changed = options[LAYOUT_TURN[name] % len(options)]
            LAYOUT_TURN[name] += 1
            got = call_with(f, replaced(b, path, changed))
            if label in ("NaN", "inf") and "check_finite" in sig:  # refused unless check_finite=False
                expect_refused(f, got, f"{what} {label}")
                COUNTS["(b) Error, refused"] += 1
                fuzz_not_checked(f, b, path, changed, f"{what} {label}, check_finite=False")
                return
            compare(f, got, call_with(f, replaced(b, path, clean_of(changed))), f"{what} {label}")
        elif is_enum_or_int(v) and path[1] is None:
            label, bad = REFUSED_INTS[rng.integers(0, len(REFUSED_INTS))]
            expect_refused(f, call_with(f, replaced(b, path, bad)), f"{what} {label}")
            COUNTS["(b) Error, refused"] += 1
        elif path[1] is None and isinstance(v, (np.ndarray, list, str, tuple)) or v is None:
            fuzz_none(f, name, b, path, what)
        else:
            compare(f, call_with(f, dict(b.arguments)), call_with(f, dict(b.arguments)), what)


def fuzz_not_checked(f, b, path, changed, what):
    """NaN or inf handed to C (check_finite=False): the result, NaN in the
    same places, or the Error, of the clean copies handed to C alike."""
    args = {**replaced(b, path, changed), "check_finite": False}
    clean = {**replaced(b, path, clean_of(changed)), "check_finite": False}
    got = call_with(f, args)
    if got[0] == "error" and "check_finite" in str(got[1]):
        raise Failure(f"{what}: refused as not finite: {got[1]}")
    compare(f, got, call_with(f, clean), what)
    COUNTS["(a)/(b) of these, NaN or inf with check_finite=False"] += 1


def fuzz_none(f, name, b, path, what):
    """None for an argument: as omitted where that is its default; C's NULL
    where the header allows one (a result or an Error naming an argument:
    what NULL means has no clean counterpart here); else an Error"""
    args = replaced(b, path, None)
    if inspect.signature(f).parameters[path[0]].default is None:
        omitted = {k: x for k, x in args.items() if k != path[0]}
        compare(f, call_with(f, args), call_with(f, omitted), f"{what} None")
        return
    if path[1] is None and path[0] in nullable(f):
        compare(f, call_with(f, args), call_with(f, dict(args)), f"{what} None (C's NULL)")
        return
    kind, r = call_with(f, args)
    if kind != "error":
        raise Failure(f"{what} None: {kind}: {r!r:.200}")
    check_error(f, r, f"{what} None")
    COUNTS["(b) Error, refused"] += 1


def fuzz_out(f, b, rng, what):
    """out=: a fresh array, the input itself, a partly overlapping view, stride-0 rows"""
    kind, clean = call_with(f, dict(b.arguments))
    if kind != "ok" or isinstance(clean, tuple) or not isinstance(clean, np.ndarray) or clean.size == 0:
        COUNTS["(a) same as clean"] += 1
        return
    mode = rng.integers(0, 4)
    if mode == 0:
        out = np.full_like(clean, np.nan)
        kind, r = call_with(f, {**b.arguments, "out": out})
        if kind != "ok" or r is not out or not same(out, clean):
            raise Failure(f"{what} out=fresh: {kind} {r!r:.200}")
        COUNTS["(a) same as clean"] += 1
        return
    if mode == 1:  # in place: an input of the result's shape and dtype
        for k, v in b.arguments.items():
            if isinstance(v, np.ndarray) and v.shape == clean.shape and v.dtype == clean.dtype:
                x = v.copy()
                kind, r = call_with(f, {**b.arguments, k: x, "out": x})
                if kind == "error":
                    check_error(f, r, f"{what} out=input")
                elif kind != "ok" or r is not x or not same(x, clean):
                    raise Failure(f"{what} out={k} (in place): {kind}, {r!r:.300}\nexpected {clean!r:.300}")
                COUNTS["(a) same as clean"] += 1
                return
        mode = 2
    if mode == 2:  # an input whose memory the out partly overlaps
        for k, v in b.arguments.items():
            if isinstance(v, np.ndarray) and v.dtype == clean.dtype and v.size >= 2:
                buf = np.zeros(v.size + clean.size, clean.dtype)
                inp = buf[:v.size].reshape(v.shape)
                inp[...] = v
                out = buf[1:1 + clean.size].reshape(clean.shape)
                kind, r = call_with(f, {**b.arguments, k: inp, "out": out})
                if kind != "error" and not (kind == "ok" and same(out, clean)):
                    raise Failure(f"{what} out overlapping {k}: {kind}, {r!r:.200}")
                if kind == "error":
                    check_error(f, r, f"{what} out overlapping {k}")
                COUNTS["(b) Error, refused" if kind == "error" else "(a) same as clean"] += 1
                return
    if clean.ndim >= 2 and clean.shape[0] > 1:  # stride-0 rows: every row the same memory
        row = np.zeros(clean.shape[1:], clean.dtype)
        out = np.lib.stride_tricks.as_strided(row, clean.shape, (0,) + row.strides, writeable=True)
        expect_refused(f, call_with(f, {**b.arguments, "out": out}), f"{what} out stride-0 rows")
        COUNTS["(b) Error, refused"] += 1


# ------------------------------------------------------------------ tests
@pytest.mark.parametrize("name", every.public_functions())
def test_fuzz(name):
    rng = np.random.default_rng([SEED, *name.encode()])
    fuzz_one(name, rng)


def test_fuzz_summary():
    """Printed with -s: the outcome classes of the calls above."""
    print("\ntest_fuzz outcomes: " + ", ".join(f"{k}: {v}" for k, v in sorted(COUNTS.items())))
