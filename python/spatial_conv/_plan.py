"""How each C function becomes a Python function: the role of every parameter.

An *element* function works on one body, one quaternion, one vector at a
time; its Python form takes arrays with leading batch dimensions and runs
one generated C loop (`spx_<name>`, see _build.py) over the batch. Every
other function works on whole arrays or on named values and has a wrapper
written by hand in _whole.py. Both the C build and the Python side read
these plans, so the loop's arguments and the wrapper's always match.
"""
from typing import NamedTuple, Optional, Tuple

from . import _header

# roles of a parameter of an element function
IN = "in"              # const spconv_real x[N]: N reals per element
OUT = "out"            # spconv_real res[N], or spconv_real *res (N = 0: one real)
SCALAR = "scalar"      # spconv_real t: one real per element (broadcast)
CONST = "const"        # an enum or int value, the same for the whole batch
STRING = "string"      # const char *: one string for the whole batch
STRUCT = "struct"      # const spconv_*convention *: one convention for the batch
BODY_IN = "body_in"    # const spconv_body *: its arrays per element
BODY_OUT = "body_out"  # spconv_body *res
SPLIT_IN = "split_in"    # IN of PARTS reals, given to the loop as two arrays
SPLIT_OUT = "split_out"  # OUT of PARTS reals, written through two arrays

CONVENTION_STRUCTS = ("spconv_convention", "spconv_pose_convention", "spconv_state_convention")
BODY_FIELDS = (("pos", 3), ("quat_wxyz", 4), ("com", 3), ("iquat_wxyz", 4))
# Reals per part of an argument that may come as a pair of arrays: the
# packed layout cut after its first three reals, so a pose [p; q] is
# (p (..., 3), q (..., 4)) and a spatial vector [a; b] is (a, b) in the
# function's own order ((linear, angular) for a twist [v; w]).
PARTS = {6: (3, 3), 7: (3, 4)}
# int-returning functions whose value is a size, not a status
SIZE_FUNCTIONS = ("rot_format_size", "joint_q_size", "joint_qd_size")


class Arg(NamedTuple):
    name: str             # the C name (Python: `from` is `from_`)
    role: str
    size: int = 0         # reals per element (IN, OUT)
    ctype: str = ""       # C type of CONST and STRUCT arguments
    nullable: bool = False  # the contract lets it be NULL: None in Python

    @property
    def py_name(self):
        return "from_" if self.name == "from" else self.name


class Plan(NamedTuple):
    function: _header.Function
    args: Tuple[Arg, ...]
    returns_real: bool    # the C function returns a spconv_real value
    returns_status: bool  # the C function returns an int status
    split: bool = False   # the split form: every argument of PARTS reals in two parts

    @property
    def inputs(self):
        return tuple(a for a in self.args if a.role not in (OUT, BODY_OUT, SPLIT_OUT))

    @property
    def outputs(self):
        return tuple(a for a in self.args if a.role in (OUT, BODY_OUT, SPLIT_OUT))

    @property
    def key(self):
        """The name of its C loop without spx_: the function's, and
        __split for the split form."""
        return self.function.name + ("__split" if self.split else "")


def splittable(arg):
    """arg is an array of PARTS reals, by its size alone: a pose (every
    argument of 7 reals is one), a 6-vector, or another argument of 6
    reals (rot6d's two vectors, MuJoCo's fromto); a pair of arrays may
    stand for it (docs/python.md, "Split arrays")."""
    return arg.role in (IN, OUT) and arg.size in PARTS and not arg.nullable


def split_plan(p):
    """The split form of plan p (its loop spx_<name>__split takes every
    splittable argument as two arrays, each part with its own pointer and
    stride), or None when p has no splittable argument."""
    if not any(splittable(a) for a in p.args):
        return None
    roles = {IN: SPLIT_IN, OUT: SPLIT_OUT}
    args = tuple(a._replace(role=roles[a.role]) if splittable(a) else a for a in p.args)
    return p._replace(args=args, split=True)


def fields(arg):
    """(suffix, reals) of each array a loop takes for a body or split argument:
    the body's fields, or the parts _0 and _1."""
    if arg.role in (BODY_IN, BODY_OUT):
        return BODY_FIELDS
    return tuple((str(j), size) for j, size in enumerate(PARTS[arg.size]))


def _role(p: _header.Param, enums) -> Optional[Arg]:
    arg = _bare_role(p, enums)
    return arg._replace(nullable=p.nullable) if arg is not None else None


def _bare_role(p: _header.Param, enums) -> Optional[Arg]:
    if p.type == "spconv_real":
        if p.size and p.const:
            return Arg(p.name, IN, p.size)
        if not p.const and (p.size or p.pointer):
            return Arg(p.name, OUT, p.size or 0)
        if not p.pointer and not p.size:
            return Arg(p.name, SCALAR)
        return None
    if p.pointer:
        if p.type in CONVENTION_STRUCTS and p.const:
            return Arg(p.name, STRUCT, ctype=p.type)
        if p.type == "spconv_body":
            return Arg(p.name, BODY_IN if p.const else BODY_OUT)
        if p.type == "char" and p.const:
            return Arg(p.name, STRING)
        return None
    if p.type in enums or p.type == "int":
        return Arg(p.name, CONST, ctype=p.type)
    return None


def plan(fn: _header.Function, enums) -> Optional[Plan]:
    """The element plan of fn, or None when fn needs a hand-written wrapper."""
    if fn.ret not in ("void", "int", "spconv_real") or fn.name in SIZE_FUNCTIONS:
        return None
    args = tuple(_role(p, enums) for p in fn.params)
    if None in args or not any(a.role in (OUT, BODY_OUT) for a in args) and fn.ret != "spconv_real":
        return None
    return Plan(fn, args, fn.ret == "spconv_real", fn.ret == "int")


def batch_form(header, name):
    """The C batch form spconv_<name>_n of a function: its parameters are
    the single form's, with pointers for arrays, plus strides and the count
    n (size_t; sizes such as a Jacobian's ncols are in both). None when
    there is none (twist_convert_n takes poses where twist_convert takes a
    body: another function)."""
    n_fn = header.functions.get(name + "_n")
    single = header.functions.get(name)
    if n_fn is None or single is None:
        return None
    kept = [p for p in n_fn.params if p.type != "size_t"]
    ones = [p for p in single.params if p.type != "size_t"]
    same = len(kept) == len(ones) and all(
        a.type == b.type and a.const == b.const for a, b in zip(kept, ones))
    return n_fn if same else None


def element_plans(header):
    plans = {}
    for fn in header.functions.values():
        if fn.deprecated or fn.name.endswith("_n") and batch_form(header, fn.name[:-2]):
            continue
        p = plan(fn, header.enums)
        if p is not None:
            plans[fn.name] = p
    return plans


def loop_plans(header):
    """Every plan with a C loop: the element plans and their split forms."""
    out = []
    for p in element_plans(header).values():
        out += [p] + [s for s in (split_plan(p),) if s is not None]
    return out
