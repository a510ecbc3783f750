"""The C side of the package: two cffi extension modules, spatial_conv._c64
(double) and spatial_conv._c32 (float, SPCONV_USE_FLOAT), each compiled
from spatial_conv.h with

  * every public function of the header, callable as lib.spconv_<name>;
  * one loop per element function, lib.spx_<name>(n, check_finite, report,
    arguments...), that applies it to n elements. An array argument is a
    data address and a stride in reals between elements (0: the same
    element for all); the loop stops at the first error status or, when
    check_finite is set, at the first element with a non-finite input, and
    says where in the report.

setup.py runs this through cffi's setuptools integration (cffi_modules).
"""
import os

from cffi import FFI

from . import _header, _plan

NONFINITE = -1000  # report status of a non-finite input (never a C status)

REPORT = """
typedef struct spx_report {
  long long index;        /* element of the first error */
  int status;             /* its status (NONFINITE: a non-finite input) */
  int arg;                /* NONFINITE: position of the argument */
  long long warnings;     /* elements that returned a positive status */
  long long warn_index;   /* the first of them */
  int warn_status;        /* its status */
} spx_report;
"""


def _cdef_types(header, real):
    out = [f"typedef {real} spconv_real;"]
    for e in header.enums.values():
        body = ",\n".join(f"  {n} = {v}" for n, v in e.members)
        out.append(f"typedef enum {e.name} {{\n{body}\n}} {e.name};")
    for s in header.structs.values():
        fields = "\n".join(f"  {f.c_decl};" for f in s.fields)
        out.append(f"typedef struct {s.name} {{\n{fields}\n}} {s.name};")
    return "\n".join(out)


def _loop_params(plan):
    """The C parameters of spx_<name>, in the order _api.py passes them."""
    params = ["size_t n", "int check_finite", "spx_report *report"]
    for a in plan.args:
        if a.role in (_plan.IN, _plan.OUT, _plan.SCALAR):
            params += [f"uintptr_t {a.name}_p", f"ptrdiff_t {a.name}_s"]
        elif a.role in (_plan.BODY_IN, _plan.BODY_OUT):
            for field, _ in _plan.BODY_FIELDS:
                params += [f"uintptr_t {a.name}_{field}_p", f"ptrdiff_t {a.name}_{field}_s"]
        elif a.role == _plan.CONST:
            params.append(f"int {a.name}")
        elif a.role == _plan.STRUCT:
            params.append(f"const {a.ctype} *{a.name}")
        elif a.role == _plan.STRING:
            params.append(f"const char *{a.name}")
    if plan.returns_real:
        params += ["uintptr_t ret_p", "ptrdiff_t ret_s"]
    return params


def loop_prototype(plan):
    return f"int spx_{plan.function.name}({', '.join(_loop_params(plan))})"


def finite_checks(plan):
    """The inputs a loop checks for finiteness, in order: report->arg is an
    index into this list (a body gives one entry per array field)."""
    names = []
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR):
            names.append(a.py_name)
        elif a.role == _plan.BODY_IN:
            names += [f"{a.py_name}.{field}" for field, _ in _plan.BODY_FIELDS]
    return names


def _each_prototype(plan):
    params = ["size_t i0", "size_t i1", "int check_finite", "int call", "spx_report *report"]
    params += _loop_params(plan)[3:]
    return f"static int spx__each_{plan.function.name}({', '.join(params)})"


def _args(plan):
    """The loop's argument names after n, check_finite and report."""
    return [p.rsplit(" ", 1)[1].lstrip("*") for p in _loop_params(plan)[3:]]


def _batch_call(plan, n_fn):
    """The call of the C batch form n_fn on elements i0 .. i1 - 1, and the
    condition under which the arrays are laid out as it needs, or None."""
    single = iter(plan.args)
    prev, call, need = None, [], []
    for p in n_fn.params:
        if p.type == "size_t" and p.name == "n":
            call.append("i1 - i0")
        elif p.type == "size_t" and p.name.endswith("_stride"):
            call.append(f"(size_t){prev.name}_s")
            need.append(f"{prev.name}_s >= {prev.size}")
            prev = None
        else:
            if prev is not None and prev.role in (_plan.IN, _plan.OUT):
                need.append(f"{prev.name}_s == {prev.size}")  # packed: no stride argument
            a = next(single)
            if a.role in (_plan.IN, _plan.OUT):
                cast = "const spconv_real *" if a.role == _plan.IN else "spconv_real *"
                at = f"({cast}){a.name}_p + (ptrdiff_t)i0 * {a.name}_s"
                if a.name == "iquat_wxyz":
                    at = f"{a.name}_p ? {at} : NULL"
                call.append(at)
                prev = a
            elif a.role in (_plan.STRUCT, _plan.STRING):
                call.append(a.name)
                prev = None
            else:
                return None, None
    if prev is not None and prev.role in (_plan.IN, _plan.OUT):
        need.append(f"{prev.name}_s == {prev.size}")
    need = [c for c in need if not c.startswith("iquat_wxyz_s ==")] + \
        (["(iquat_wxyz_s == 4 || !iquat_wxyz_p)"] if any(a.name == "iquat_wxyz" for a in plan.args) else [])
    return f"{n_fn.c_name}({', '.join(call)})", " && ".join(need) or "1"


CHUNK = 256  # elements per call of a C batch form (inputs checked in cache)


def _loop_source(plan, header):
    name = plan.function.name
    each = _each_source(plan)
    args = ", ".join(_args(plan))
    n_fn = _plan.batch_form(header, name)
    lines = [loop_prototype(plan) + " {"]
    if n_fn is not None:
        invoke, cond = _batch_call(plan, n_fn)
        if invoke:
            lines += [f"  if ({cond}) {{",
                      "    size_t i0, i1;",
                      f"    for (i0 = 0; i0 < n; i0 = i1) {{",
                      f"      i1 = n - i0 < {CHUNK} ? n : i0 + {CHUNK};",
                      f"      if (check_finite && spx__each_{name}(i0, i1, 1, 0, report, {args})) return report->status;",
                      (f"      if ({invoke} != 0 && spx__each_{name}(i0, i1, 0, 1, report, {args}))"
                       " return report->status;" if n_fn.ret == "int" else f"      {invoke};"),
                      "    }",
                      "    return 0;",
                      "  }"]
    lines += [f"  return spx__each_{name}(0, n, check_finite, 1, report, {args});", "}"]
    return each + "\n" + "\n".join(lines)


def _each_source(plan):
    fn = plan.function
    lines = [_each_prototype(plan) + " {", "  size_t i;", "  for (i = i0; i < i1; ++i) {"]
    call, checks = [], []
    for a in plan.args:
        at = f"(ptrdiff_t)i * {a.name}_s"
        if a.role == _plan.IN:
            at = f"(const spconv_real *){a.name}_p + {at}"
            if a.name == "iquat_wxyz":  # address 0: NULL, the identity
                at = f"{a.name}_p ? {at} : NULL"
            lines.append(f"    const spconv_real *{a.name} = {at};")
            checks.append(f"(!{a.name} || spx__finite({a.name}, {a.size}))" if a.name == "iquat_wxyz"
                          else f"spx__finite({a.name}, {a.size})")
            call.append(a.name)
        elif a.role == _plan.SCALAR:
            lines.append(f"    const spconv_real {a.name} = ((const spconv_real *){a.name}_p)[{at}];")
            checks.append(f"spx__finite(&{a.name}, 1)")
            call.append(a.name)
        elif a.role == _plan.OUT:
            lines.append(f"    spconv_real *{a.name} = (spconv_real *){a.name}_p + {at};")
            call.append(a.name)
        elif a.role in (_plan.BODY_IN, _plan.BODY_OUT):
            lines.append(f"    spconv_body {a.name};")
            for field, size in _plan.BODY_FIELDS:
                if a.role == _plan.BODY_IN:
                    src = f"(const spconv_real *){a.name}_{field}_p + (ptrdiff_t)i * {a.name}_{field}_s"
                    lines.append(f"    memcpy({a.name}.{field}, {src}, sizeof {a.name}.{field});")
                    checks.append(f"spx__finite({a.name}.{field}, {size})")
            call.append(f"&{a.name}")
        elif a.role == _plan.CONST:
            call.append(a.name if a.ctype == "int" else f"({a.ctype}){a.name}")
        else:  # STRUCT, STRING: passed through
            call.append(a.name)
    for k, check in enumerate(checks):
        lines.append(f"    if (check_finite && !{check}) {{")
        lines.append(f"      report->index = (long long)i; report->arg = {k};")
        lines.append(f"      return report->status = {NONFINITE};")
        lines.append("    }")
    lines.append("    if (!call) continue;")
    invoke = f"{fn.c_name}({', '.join(call)})"
    if plan.returns_status:
        lines.append(f"    {{ int status = {invoke};")
        lines.append("      if (status < 0) { report->index = (long long)i; return report->status = status; }")
        lines.append("      if (status > 0 && report->warnings++ == 0) {"
                     " report->warn_index = (long long)i; report->warn_status = status; } }")
    elif plan.returns_real:
        lines.append(f"    ((spconv_real *)ret_p)[(ptrdiff_t)i * ret_s] = {invoke};")
    else:
        lines.append(f"    {invoke};")
    for a in plan.args:
        if a.role == _plan.BODY_OUT:
            for field, _ in _plan.BODY_FIELDS:
                dst = f"(spconv_real *){a.name}_{field}_p + (ptrdiff_t)i * {a.name}_{field}_s"
                lines.append(f"    memcpy({dst}, {a.name}.{field}, sizeof {a.name}.{field});")
    lines += ["  }", "  return 0;", "}"]
    return "\n".join(lines)


PRELUDE = """
#include <stdint.h>
#include <string.h>
#include "spatial_conv.h"
/* 1 when the k reals at x are all finite */
static int spx__finite(const spconv_real *x, int k) {
  int j;
  for (j = 0; j < k; ++j)
    if (!(x[j] - x[j] == 0)) return 0;
  return 1;
}
"""


def ffibuilder(precision, header_path=_header.HEADER):
    header = _header.read(header_path)
    plans = _plan.element_plans(header).values()
    real = "float" if precision == 32 else "double"
    protos = [fn.c_proto + ";" for fn in header.functions.values() if not fn.deprecated]
    ffi = FFI()
    ffi.cdef("\n".join([_cdef_types(header, real), REPORT, *protos,
                        *(loop_prototype(p) + ";" for p in plans)]))
    define = "#define SPCONV_USE_FLOAT\n" if precision == 32 else ""
    source = define + PRELUDE + REPORT + "\n".join(_loop_source(p, header) for p in plans)
    ffi.set_source(f"spatial_conv._c{precision}", source,
                   include_dirs=[os.path.dirname(header_path)],
                   extra_compile_args=["-O2", "-fno-strict-aliasing"])
    return ffi

