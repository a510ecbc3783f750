"""The C side of the package: two cffi extension modules, spatial_conv._c64
(double) and spatial_conv._c32 (float, SPCONV_USE_FLOAT), each compiled
from spatial_conv.h with

  * every public function of the header, callable as lib.spconv_<name>;
  * one loop per element function, lib.spx_<name>(n, check_finite, report,
    arguments...), that applies it to n elements. An array argument is a
    data address and a stride in reals between elements (0: the same
    element for all); the loop stops at the first error status or, when
    check_finite is set, at the first element with a non-finite input, and
    says where in the report;
  * for each of them with a pose or 6-vector argument, its split form
    lib.spx_<name>__split, the same loop taking every such argument as
    two arrays (position and quaternion, the two halves of a 6-vector),
    each part read or written where it lies through its own stride.

setup.py runs this through cffi's setuptools integration (cffi_modules).
"""
import os

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
    """The types' declarations for cffi; real None (a C++ scalar class):
    without spconv_real and the structs that hold it."""
    out = [f"typedef {real} spconv_real;"] if real else []
    for e in header.enums.values():
        body = ",\n".join(f"  {n} = {v}" for n, v in e.members)
        out.append(f"typedef enum {e.name} {{\n{body}\n}} {e.name};")
    for s in header.structs.values():
        if not real and any(f.type == "spconv_real" for f in s.fields):
            continue
        fields = "\n".join(f"  {f.c_decl};" for f in s.fields)
        out.append(f"typedef struct {s.name} {{\n{fields}\n}} {s.name};")
    return "\n".join(out)


def _loop_params(plan):
    """The C parameters of spx_<name>, in the order _api.py passes them."""
    params = ["size_t n", "int check_finite", "spx_report *report"]
    for a in plan.args:
        if a.role in (_plan.IN, _plan.OUT, _plan.SCALAR):
            const = "" if a.role == _plan.OUT else "const "
            params += [f"{const}void *{a.name}_p", f"ptrdiff_t {a.name}_s"]
        elif a.role in (_plan.BODY_IN, _plan.BODY_OUT, _plan.SPLIT_IN, _plan.SPLIT_OUT):
            const = "" if a.role in (_plan.BODY_OUT, _plan.SPLIT_OUT) else "const "
            for field, _ in _plan.fields(a):
                params += [f"{const}void *{a.name}_{field}_p", f"ptrdiff_t {a.name}_{field}_s"]
        elif a.role == _plan.CONST:
            params.append(f"int {a.name}")
        elif a.role == _plan.STRUCT:
            params.append(f"const {a.ctype} *{a.name}")
        elif a.role == _plan.STRING:
            params.append(f"const char *{a.name}")
    if plan.returns_real:
        params += ["void *ret_p", "ptrdiff_t ret_s"]
    return params


def loop_prototype(plan):
    return f"int spx_{plan.key}({', '.join(_loop_params(plan))})"


def finite_checks(plan):
    """The inputs a loop checks for finiteness, in order: report->arg is an
    index into this list (a body gives one entry per array field, a split
    argument one per part: name[0], name[1])."""
    names = []
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR):
            names.append(a.py_name)
        elif a.role == _plan.BODY_IN:
            names += [f"{a.py_name}.{field}" for field, _ in _plan.BODY_FIELDS]
        elif a.role == _plan.SPLIT_IN:
            names += [f"{a.py_name}[{j}]" for j, _ in _plan.fields(a)]
    return names


def _each_prototype(plan):
    params = ["size_t i0", "size_t i1", "int check_finite", "int call", "spx_report *report"]
    params += _loop_params(plan)[3:]
    return f"static int spx__each_{plan.key}({', '.join(params)})"


def _args(plan):
    """The loop's argument names after n, check_finite and report."""
    return [p.rsplit(" ", 1)[1].lstrip("*") for p in _loop_params(plan)[3:]]


def _laid_out(a, condition):
    """C condition on the layout of array argument a: a nullable one may
    instead be NULL."""
    return f"({condition} || !{a.name}_p)" if a.nullable else condition


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
            need.append(_laid_out(prev, f"{prev.name}_s >= {prev.size}"))
            prev = None
        else:
            if prev is not None and prev.role in (_plan.IN, _plan.OUT):
                need.append(_laid_out(prev, f"{prev.name}_s == {prev.size}"))  # packed: no stride
            a = next(single)
            if a.role in (_plan.IN, _plan.OUT):
                cast = "const spconv_real *" if a.role == _plan.IN else "spconv_real *"
                at = f"({cast}){a.name}_p + (ptrdiff_t)i0 * {a.name}_s"
                if a.nullable:
                    at = f"{a.name}_p ? {at} : NULL"
                call.append(at)
                prev = a
            elif a.role in (_plan.STRUCT, _plan.STRING):
                call.append(a.name)
                prev = None
            else:
                return None, None
    if prev is not None and prev.role in (_plan.IN, _plan.OUT):
        need.append(_laid_out(prev, f"{prev.name}_s == {prev.size}"))
    return f"{n_fn.c_name}({', '.join(call)})", " && ".join(need) or "1"


def entry_prototype(plan):
    return (f"int spxu_{plan.key}(size_t n, int check_finite, spx_report *report, "
            "void *const *p, const ptrdiff_t *s, const void *const *v)")


def _entry_source(plan):
    """spxu_<name>: spx_<name> taking its arguments as three lists, the one
    signature of every loop, which the compiled common call (_fast.c) uses:
    array j (in the loop's order) at p[j] with stride s[j], value j at v[j]
    (an enum or int: its int; a convention: the struct; a string: its chars)."""
    call, j, k = [], 0, 0
    for param in _loop_params(plan)[3:]:
        kind, name = param.rsplit(" ", 1)
        if name.endswith("_p") and "void" in kind:
            call.append(f"p[{j}]")
        elif kind == "ptrdiff_t":
            call.append(f"s[{j}]")
            j += 1
        elif kind == "int":
            call.append(f"*(const int *)v[{k}]")
            k += 1
        else:  # const <struct> *, const char *
            call.append(f"({kind} *)v[{k}]")
            k += 1
    args = ", ".join(["n", "check_finite", "report"] + call)
    unused = "" if j and k else "".join(f"  (void){x};\n" for x, used in (("p", j), ("s", j), ("v", k))
                                        if not used)
    return f"{entry_prototype(plan)} {{\n{unused}  return spx_{plan.key}({args});\n}}"


CHUNK = 512  # elements per call of a C batch form when inputs are checked (in cache)


def _chunk_finite(plan):
    """C expression: every input of elements i0 .. i1 - 1 is finite."""
    terms = []
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR):
            t = (f"spx__rows_finite((const spconv_real *){a.name}_p + (ptrdiff_t)i0 * {a.name}_s, "
                 f"{a.name}_s, {a.size or 1}, i1 - i0)")
            terms.append(f"(!{a.name}_p || {t})" if a.nullable else t)
    return " && ".join(terms) or "1"


def _loop_source(plan, header):
    """spx_<name>: where the arrays are laid out as the C batch form needs,
    it runs that form on chunks of the batch (the whole batch at once when
    nothing is checked), each chunk's inputs checked first, in one
    branch-free pass that leaves them in cache for the form (before the
    form writes, so that the check's loads never wait on the form's stores
    to an out= array at the same address modulo 4 KiB as its input, as a
    large array allocated like its input is); on a non-finite input or an
    error status the element loop redoes the chunk and finds the first
    failing element.
    Otherwise the element loop does everything."""
    name = plan.key
    each = _each_source(plan)
    args = ", ".join(_args(plan))
    n_fn = None if plan.split else _plan.batch_form(header, name)
    lines = [loop_prototype(plan) + " {"]
    if n_fn is not None:
        invoke, cond = _batch_call(plan, n_fn)
        if invoke:
            failed = f"{invoke} != 0" if n_fn.ret == "int" else f"({invoke}, 0)"  # C: void
            lines += [f"  if ({cond}) {{",
                      f"    size_t i0, i1, chunk = check_finite ? {CHUNK} : n;",
                      "    for (i0 = 0; i0 < n; i0 = i1) {",
                      "      i1 = n - i0 < chunk ? n : i0 + chunk;",
                      f"      if (((check_finite && !({_chunk_finite(plan)})) || {failed}) &&",
                      f"          spx__each_{name}(i0, i1, check_finite, 1, report, {args}))",
                      "        return report->status;",
                      "    }",
                      "    return 0;",
                      "  }"]
    lines += [f"  return spx__each_{name}(0, n, check_finite, 1, report, {args});", "}"]
    return each + "\n" + "\n".join(lines)


def array_element(name, size, const):
    """C expression: the address of element i's reals in the array
    argument name (a body field: name_field), read through its stride."""
    return f"({'const ' if const else ''}spconv_real *){name}_p + (ptrdiff_t)i * {name}_s"


def element_body(plan, on_nonfinite, on_error, on_warning, element=array_element):
    """The C statements that convert element i: its pointers, the check of
    its inputs (when check_finite) and the call. The three reactions are C
    statements with {k} (the index into finite_checks) or `status` in them:
    the host loop returns from them, the CUDA kernel (_cuda.py) records them
    with atomics and goes on. element(name, size, const) gives an array's
    element address (array_element, or a CUDA kernel's staged copy)."""
    fn = plan.function
    lines, call, checks = [], [], []
    for a in plan.args:
        if a.role == _plan.IN:
            at = element(a.name, a.size, True)
            if a.nullable:  # address 0: NULL, as the contract allows
                at = f"{a.name}_p ? {at} : NULL"
            lines.append(f"const spconv_real *{a.name} = {at};")
            checks.append(f"(!{a.name} || spx__finite({a.name}, {a.size}))" if a.nullable
                          else f"spx__finite({a.name}, {a.size})")
            call.append(a.name)
        elif a.role == _plan.SCALAR:
            lines.append(f"const spconv_real {a.name} = *({element(a.name, 1, True)});")
            checks.append(f"spx__finite(&{a.name}, 1)")
            call.append(a.name)
        elif a.role == _plan.OUT:
            lines.append(f"spconv_real *{a.name} = {element(a.name, a.size or 1, False)};")
            call.append(a.name)
        elif a.role in (_plan.SPLIT_IN, _plan.SPLIT_OUT):  # its parts gathered into one array
            lines.append(f"spconv_real {a.name}[{a.size}];")
            at = 0
            for part, size in _plan.fields(a):
                if a.role == _plan.SPLIT_IN:
                    lines.append(f"spx__copy({a.name} + {at}, {element(f'{a.name}_{part}', size, True)}, {size});")
                    checks.append(f"spx__finite({a.name} + {at}, {size})")
                at += size
            call.append(a.name)
        elif a.role in (_plan.BODY_IN, _plan.BODY_OUT):
            lines.append(f"spconv_body {a.name};")
            for field, size in _plan.BODY_FIELDS:
                if a.role == _plan.BODY_IN:
                    src = element(f"{a.name}_{field}", size, True)
                    lines.append(f"spx__copy({a.name}.{field}, {src}, {size});")
                    checks.append(f"spx__finite({a.name}.{field}, {size})")
            call.append(f"&{a.name}")
        elif a.role == _plan.CONST:
            call.append(a.name if a.ctype == "int" else f"({a.ctype}){a.name}")
        else:  # STRUCT, STRING: passed through
            call.append(a.name)
    for k, check in enumerate(checks):
        lines.append(f"if (check_finite && !{check}) {{ {on_nonfinite.format(k=k)} }}")
    lines.append("if (!call) continue;")
    invoke = f"{fn.c_name}({', '.join(call)})"
    if plan.returns_status:
        lines.append(f"{{ int status = {invoke};")
        lines.append(f"  if (status < 0) {{ {on_error} }}")
        lines.append(f"  if (status > 0) {{ {on_warning} }} }}")
    elif plan.returns_real:
        lines.append(f"*({element('ret', 1, False)}) = {invoke};")
    else:
        lines.append(f"{invoke};")
    for a in plan.args:
        if a.role == _plan.BODY_OUT:
            for field, size in _plan.BODY_FIELDS:
                dst = element(f"{a.name}_{field}", size, False)
                lines.append(f"spx__copy({dst}, {a.name}.{field}, {size});")
        elif a.role == _plan.SPLIT_OUT:  # scattered to its parts
            at = 0
            for part, size in _plan.fields(a):
                dst = element(f"{a.name}_{part}", size, False)
                lines.append(f"spx__copy({dst}, {a.name} + {at}, {size});")
                at += size
    return lines


# element_body's reactions in a host loop: an error returns, a warning is counted
HOST_REACTIONS = dict(
    on_nonfinite=f"report->index = (long long)i; report->arg = {{k}}; return report->status = {NONFINITE};",
    on_error="report->index = (long long)i; return report->status = status;",
    on_warning="if (report->warnings++ == 0) { report->warn_index = (long long)i; "
               "report->warn_status = status; }")


def _each_source(plan):
    body = element_body(plan, **HOST_REACTIONS)
    return "\n".join([_each_prototype(plan) + " {", "  size_t i;", "  for (i = i0; i < i1; ++i) {",
                      *("    " + line for line in body), "  }", "  return 0;", "}"])


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
/* dst[0..k) = src[0..k) */
static void spx__copy(spconv_real *dst, const spconv_real *src, int k) {
  memcpy(dst, src, (size_t)k * sizeof *dst);
}
/* The bits of a real: exponent all ones is inf or NaN, and adding the
   exponent's lowest bit to the exponent field carries into the sign bit
   only then. Branch-free, so that the compiler may vectorize it. */
#ifdef SPCONV_USE_FLOAT
typedef uint32_t spx__bits;
#  define SPX__EXP 0x7F800000u
#  define SPX__EXP_LSB 0x00800000u
#  define SPX__SIGN 0x80000000u
#else
typedef uint64_t spx__bits;
#  define SPX__EXP 0x7FF0000000000000u
#  define SPX__EXP_LSB 0x0010000000000000u
#  define SPX__SIGN 0x8000000000000000u
#endif
/* With glibc on x86-64, gcc and clang compile spx__block_finite twice, for
   AVX2 and for any x86-64, and the loader picks the one the CPU runs. */
#if defined(__GNUC__) && defined(__x86_64__) && defined(__GLIBC__) && defined(__has_attribute)
#  if __has_attribute(target_clones)
#    define SPX__CLONES __attribute__((target_clones("avx2", "default")))
#  endif
#endif
#ifndef SPX__CLONES
#  define SPX__CLONES
#endif
/* 1 when the count reals at x are all finite: one pass of 32-byte GNU C
   vectors where the compiler has them (gcc, clang; two 16-byte halves
   without AVX), else of scalars */
SPX__CLONES static int spx__block_finite(const spconv_real *x, size_t count) {
  spx__bits acc = 0;
  size_t i = 0;
#if defined(__GNUC__)
  typedef spx__bits spx__vec __attribute__((vector_size(32)));
  enum { LANES = 32 / sizeof(spx__bits) };
  spx__vec v = {0}, e = v + SPX__EXP, lsb = v + SPX__EXP_LSB;
  size_t lane;
  for (; i + 4 * LANES <= count; i += 4 * LANES) {
    spx__vec b0, b1, b2, b3;
    memcpy(&b0, x + i, 32);
    memcpy(&b1, x + i + LANES, 32);
    memcpy(&b2, x + i + 2 * LANES, 32);
    memcpy(&b3, x + i + 3 * LANES, 32);
    v |= ((b0 & e) + lsb) | ((b1 & e) + lsb) | ((b2 & e) + lsb) | ((b3 & e) + lsb);
  }
  for (lane = 0; lane < LANES; ++lane) acc |= v[lane];
#endif
  for (; i < count; ++i) {
    spx__bits b;
    memcpy(&b, x + i, sizeof b);
    acc |= (b & SPX__EXP) + SPX__EXP_LSB;
  }
  return !(acc & SPX__SIGN);
}
/* 1 when the k reals of each of m rows (stride reals apart) are finite.
   Rows a little apart (a column view of engine rows: qpos[:, 3:7]) are
   checked as the whole span they lie in; a non-finite value between the
   rows then only makes the caller redo the chunk element by element, which
   checks exactly. */
static int spx__rows_finite(const spconv_real *x, ptrdiff_t stride, int k, size_t m) {
  size_t i;
  if (m > 0 && stride >= k && stride <= 4 * k)
    return spx__block_finite(x, (m - 1) * (size_t)stride + (size_t)k);
  for (i = 0; i < m; ++i)
    if (!spx__block_finite(x + (ptrdiff_t)i * stride, (size_t)k)) return 0;
  return 1;
}
"""


# -ffp-contract=off: every product and sum rounded on its own, on every
# host (GCC fuses a*b+c by default where the CPU has fused multiply-adds, as
# on ARM), as the CUDA kernels are compiled (--fmad=false)
COMPILE_ARGS = ["-O2", "-fno-strict-aliasing", "-ffp-contract=off"]


def ffibuilder(precision, header_path=_header.HEADER):
    """The cffi builder of spatial_conv._c64 (precision 64) or _c32 (32)."""
    from cffi import FFI  # build time only: the installed package needs cffi's backend
    header = _header.read(header_path)
    plans = _plan.loop_plans(header)
    real = "float" if precision == 32 else "double"
    protos = [fn.c_proto + ";" for fn in header.functions.values() if not fn.deprecated]
    ffi = FFI()
    ffi.cdef("\n".join([_cdef_types(header, real), REPORT, *protos,
                        *(loop_prototype(p) + ";" for p in plans),
                        *(entry_prototype(p) + ";" for p in plans if not p.split)]))
    define = "#define SPCONV_USE_FLOAT\n" if precision == 32 else ""
    source = define + PRELUDE + REPORT + "\n".join(
        _loop_source(p, header) + ("" if p.split else "\n" + _entry_source(p)) for p in plans)
    ffi.set_source(f"spatial_conv._c{precision}", source,
                   include_dirs=[os.path.dirname(header_path)],
                   extra_compile_args=COMPILE_ARGS)
    return ffi



# ------------------------------------------------------------ Jacobians
# spatial_conv._d64: the header compiled as C++ with a forward-mode dual
# number as its scalar (SPCONV_REAL), in double. One loop per element
# function, lib.spxd_<name>(n, check_finite, report, arguments..., jac_p),
# takes the arguments of spx_<name> and also writes each element's Jacobian,
# row-major (out_reals x in_reals) at jac_p + i * out_reals * in_reals, in
# the order of jacobian_lanes. The autograd path (_autograd.py) calls it.

DUAL_PRELUDE = """
#include <math.h>
#include <stddef.h>
#include <string.h>
/* A forward-mode dual number: a value and the derivatives d[0..n) with
   respect to the element's input reals (lanes n.. are zero; a constant has
   n = 0). Values are computed with the same double operations as the
   double build; math functions are found by argument-dependent lookup. */
namespace spxd {
struct dual {
  double v;
  int n;
  double d[SPXD_LANES];
  dual() : v(0.0), n(0) {}
  dual(double x) : v(x), n(0) {}
};
/* ca * a' + cb * b' with value v */
inline dual lin(double v, double ca, const dual &a, double cb, const dual &b) {
  dual r(v);
  int i;
  r.n = a.n > b.n ? a.n : b.n;
  for (i = 0; i < r.n; ++i) r.d[i] = 0.0;
  for (i = 0; i < a.n; ++i) r.d[i] += ca * a.d[i];
  for (i = 0; i < b.n; ++i) r.d[i] += cb * b.d[i];
  return r;
}
/* c * a' with value v (the chain rule of a function of one argument) */
inline dual chain(double v, double c, const dual &a) {
  dual r(v);
  int i;
  r.n = a.n;
  for (i = 0; i < a.n; ++i) r.d[i] = c * a.d[i];
  return r;
}
/* x with derivative 1 in lane `lane` of `lanes` */
inline dual variable(double x, int lane, int lanes) {
  dual r(x);
  int i;
  r.n = lanes;
  for (i = 0; i < lanes; ++i) r.d[i] = i == lane ? 1.0 : 0.0;
  return r;
}
inline dual operator+(const dual &a, const dual &b) { return lin(a.v + b.v, 1.0, a, 1.0, b); }
inline dual operator-(const dual &a, const dual &b) { return lin(a.v - b.v, 1.0, a, -1.0, b); }
inline dual operator*(const dual &a, const dual &b) { return lin(a.v * b.v, b.v, a, a.v, b); }
inline dual operator/(const dual &a, const dual &b) {
  double q = a.v / b.v;
  return lin(q, 1.0 / b.v, a, -q / b.v, b);
}
inline dual operator-(const dual &a) { return chain(-a.v, -1.0, a); }
inline dual operator+(const dual &a) { return a; }
inline dual &operator+=(dual &a, const dual &b) { return a = a + b; }
inline dual &operator-=(dual &a, const dual &b) { return a = a - b; }
inline dual &operator*=(dual &a, const dual &b) { return a = a * b; }
inline dual &operator/=(dual &a, const dual &b) { return a = a / b; }
inline bool operator<(const dual &a, const dual &b) { return a.v < b.v; }
inline bool operator<=(const dual &a, const dual &b) { return a.v <= b.v; }
inline bool operator>(const dual &a, const dual &b) { return a.v > b.v; }
inline bool operator>=(const dual &a, const dual &b) { return a.v >= b.v; }
inline bool operator==(const dual &a, const dual &b) { return a.v == b.v; }
inline bool operator!=(const dual &a, const dual &b) { return a.v != b.v; }
inline dual sqrt(const dual &a) {
  double s = ::sqrt(a.v);
  return chain(s, 0.5 / s, a);
}
inline dual sin(const dual &a) { return chain(::sin(a.v), ::cos(a.v), a); }
inline dual cos(const dual &a) { return chain(::cos(a.v), -::sin(a.v), a); }
inline dual atan2(const dual &y, const dual &x) {
  double r2 = x.v * x.v + y.v * y.v;
  return lin(::atan2(y.v, x.v), -y.v / r2, x, x.v / r2, y);
}
/* at 0 the derivative of the side x >= 0 */
inline dual abs(const dual &a) { return chain(::fabs(a.v), a.v < 0.0 ? -1.0 : 1.0, a); }
inline dual acos(const dual &a) { return chain(::acos(a.v), -1.0 / ::sqrt(1.0 - a.v * a.v), a); }
inline dual asin(const dual &a) { return chain(::asin(a.v), 1.0 / ::sqrt(1.0 - a.v * a.v), a); }
} /* namespace spxd */
#define SPCONV_REAL spxd::dual
#include "spatial_conv.h"
/* 1 when the values of the k duals at x are all finite */
static int spx__finite(const spconv_real *x, int k) {
  int j;
  for (j = 0; j < k; ++j)
    if (!(x[j].v - x[j].v == 0)) return 0;
  return 1;
}
/* dst[0..k) = src[0..k) */
static void spx__copy(spconv_real *dst, const spconv_real *src, int k) {
  int j;
  for (j = 0; j < k; ++j) dst[j] = src[j];
}
"""


def jacobian_lanes(plan):
    """(inputs, outputs) of plan's Jacobian loop: (name, reals) of each real
    input (a body: one per field, name.field) in argument order, the
    columns of the Jacobian, and of each result (its value: ret), its rows."""
    ins, outs = [], []
    for a in plan.args:
        if a.role in (_plan.IN, _plan.SCALAR):
            ins.append((a.name, a.size or 1))
        elif a.role == _plan.OUT:
            outs.append((a.name, a.size or 1))
        elif a.role in (_plan.BODY_IN, _plan.BODY_OUT):
            (ins if a.role == _plan.BODY_IN else outs).extend(
                (f"{a.name}.{field}", size) for field, size in _plan.BODY_FIELDS)
    if plan.returns_real:
        outs.append(("ret", 1))
    return ins, outs


def jacobian_prototype(plan):
    return f"int spxd_{plan.key}({', '.join(_loop_params(plan) + ['void *jac_p'])})"


def _staged(name):
    """The C name of the element's dual copy of array argument name
    (a body field name.field: name_field)."""
    return "spxd_" + name.replace(".", "_")


def _jacobian_source(plan):
    """spxd_<name>: for each element, the input reals as duals seeded with
    one lane each, the element function on them, then each result's values
    and its rows of the Jacobian."""
    ins, outs = jacobian_lanes(plan)
    n_in, n_out = sum(s for _, s in ins), sum(s for _, s in outs)
    lines, lane = ["int call = 1;"], 0
    for name, size in ins:
        arg = name.replace(".", "_")  # its loop parameters arg_p, arg_s
        lines += [f"spconv_real {_staged(name)}[{size}];",
                  f"if ({arg}_p) for (j = 0; j < {size}; ++j) {_staged(name)}[j] = spxd::variable("
                  f"((const double *){arg}_p)[(ptrdiff_t)i * {arg}_s + j], {lane} + j, {n_in});"]
        lane += size
    lines += [f"spconv_real {_staged(name)}[{size}];" for name, size in outs]
    lines += element_body(plan, **HOST_REACTIONS, element=lambda name, size, const: _staged(name))
    row = 0
    for name, size in outs:
        dst = name.replace(".", "_")  # its loop parameters dst_p, dst_s
        lines += [f"for (j = 0; j < {size}; ++j) {{",
                  f"  const spconv_real *y = &{_staged(name)}[j];",
                  f"  double *jac = (double *)jac_p + ((ptrdiff_t)i * {n_out} + {row} + j) * {n_in};",
                  f"  ((double *){dst}_p)[(ptrdiff_t)i * {dst}_s + j] = y->v;",
                  f"  for (l = 0; l < {n_in}; ++l) jac[l] = l < y->n ? y->d[l] : 0.0;",
                  "}"]
        row += size
    return "\n".join([jacobian_prototype(plan) + " {", "  size_t i;", "  int j, l;",
                      "  for (i = 0; i < n; ++i) {", *("    " + x for x in lines), "  }",
                      "  (void)l;", "  return 0;", "}"])


def jacobian_plans(header):
    """The element plans with a Jacobian loop: every one (split arguments
    are joined before the call, _autograd.py)."""
    return list(_plan.element_plans(header).values())


def ffibuilder_jacobian(header_path=_header.HEADER):
    """The cffi builder of spatial_conv._d64 (C++, double)."""
    from cffi import FFI
    header = _header.read(header_path)
    plans = jacobian_plans(header)
    lanes = max(sum(s for _, s in jacobian_lanes(p)[0]) for p in plans)
    ffi = FFI()
    ffi.cdef("\n".join([_cdef_types(header, None), REPORT,
                        *(jacobian_prototype(p) + ";" for p in plans)]))
    source = (f"#define SPXD_LANES {lanes}\n" + DUAL_PRELUDE + REPORT +
              "\n".join(_jacobian_source(p) for p in plans))
    ffi.set_source("spatial_conv._d64", source, source_extension=".cpp",
                   include_dirs=[os.path.dirname(header_path)],
                   extra_compile_args=COMPILE_ARGS)
    return ffi
