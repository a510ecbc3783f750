/* spatial_conv._fast: the common call of an element function, in C.

   An element function's Python form (_api.py) first offers its call here:
   every real input a NumPy array or a CPU tensor (exactly torch.Tensor,
   needing no grad), all float64 or all float32, of one batch shape, each
   input's reals on its last axis, the batch axes walked by one stride;
   out= arrays or tensors of exactly the result's dtype and shape,
   C-contiguous and sharing no memory with the inputs or with one another.
   Such a call allocates its results, runs the element function's loop
   (spxu_<name>, see _build.py) and returns. Anything else, and any call
   whose loop reports an error, answers NotImplemented: the Python path
   then does the whole call and explains what is wrong. Both paths give
   the same results, bit for bit (python/tests/test_fast_path.py).

   A value argument (an enum, an int, a convention, a string) is converted
   by the Python side once per value and type, and its C bytes are kept in
   a dict per argument and precision.

   A CPU tensor is read, and a tensor result made (or a small one
   recycled), through spatial_conv._tensor (libtorch's C++ API,
   _tensor_api.h) where that module was built for the PyTorch in use
   (SPX_TORCH_VERSION, set by setup.py); otherwise through the tensor's
   Python attributes. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#define NPY_NO_DEPRECATED_API NPY_1_7_API_VERSION
#include <numpy/arrayobject.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "_tensor_api.h"

/* the report of a loop: _build.REPORT (layout_matches() lets the package check) */
typedef struct spx_report {
  long long index;
  int status;
  int arg;
  long long warnings;
  long long warn_index;
  int warn_status;
} spx_report;

/* spxu_<name>: array j at p[j] with stride s[j] (reals), value j at v[j] */
typedef int (*spx_entry)(size_t n, int check_finite, spx_report *report, void *const *p,
                         const ptrdiff_t *s, const void *const *v);

enum { STEP_IN, STEP_OUT, STEP_BODY_OUT, STEP_VALUE }; /* _api.py's _FAST_* */
enum { MAX_ARRAYS = 64, MAX_VALUES = 8, MAX_RESULTS = 8, VALUE_BYTES = 256, CACHE_LIMIT = 64 };
static const int BODY_SIZES[4] = {3, 4, 3, 4}; /* pos, quat_wxyz, com, iquat_wxyz */

typedef struct {
  int kind;
  int pos;      /* IN, VALUE: the argument's position in the call */
  int field;    /* IN: the Body field, or -1 */
  int size;     /* IN, OUT: reals per element (0: one real, no axis) */
  int nullable; /* IN: None stands for C's NULL */
  int inner_nd; /* OUT: the result's inner shape */
  npy_intp inner[2];
} Step;

typedef struct {
  PyObject_HEAD
  spx_entry entry[2]; /* float64, float32 */
  Py_ssize_t nsteps;
  Step *steps;
  int returns_real;
  Py_ssize_t nouts;   /* OUT steps: the arrays out= gives */
  int out_ok;         /* out= is a parameter */
  PyObject *caches;   /* list: per VALUE step, per precision, dict value -> (type, bytes) */
  PyObject *convert;  /* convert(value step, value, float32) -> (bytes, cacheable) */
  PyObject *warn;     /* warn(warnings, warn_index, warn_status, batch) */
  PyObject *body;     /* spatial_conv.Body */
  PyObject *to_torch; /* _api.to_torch */
} Function;

/* torch, once a tensor is seen */
static PyObject *tensor_type, *torch_f64, *torch_f32, *torch_strided, *from_numpy;
/* spatial_conv._tensor's interface, once a tensor is seen, where it was
   built for this PyTorch; use_tensor_api: set_tensor_api() (tests) */
static const spx_tensor_api *tensor_api;
static int use_tensor_api = 1;

/* the interface tensors go through now: tensor_api, unless the tests
   switched it off; NULL for the Python attributes */
static const spx_tensor_api *active_tensor_api(void) { return use_tensor_api ? tensor_api : NULL; }
static PyObject *s_requires_grad, *s_is_cpu, *s_layout, *s_is_neg, *s_dtype, *s_shape, *s_stride,
    *s_data_ptr;

static void function_dealloc(Function *f) {
  PyMem_Free(f->steps);
  Py_XDECREF(f->caches);
  Py_XDECREF(f->convert);
  Py_XDECREF(f->warn);
  Py_XDECREF(f->body);
  Py_XDECREF(f->to_torch);
  Py_TYPE(f)->tp_free((PyObject *)f);
}

static PyTypeObject FunctionType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "spatial_conv._fast.Function",
    .tp_basicsize = sizeof(Function),
    .tp_dealloc = (destructor)function_dealloc,
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "An element function's fast call: made by function(), used by call().",
};

/* function(steps, entry64, entry32, returns_real, out_ok, convert, warn, Body,
   to_torch): steps as _api._fast_steps gives them, flattened to tuples of ints
   (kind, pos, field, size, nullable, inner...) */
static PyObject *make_function(PyObject *self, PyObject *args) {
  PyObject *steps, *convert, *warn, *body, *to_torch;
  unsigned long long e64, e32;
  int returns_real, out_ok;
  Py_ssize_t i, j, nvalues = 0, narrays = 0, nresults = 0;
  Function *f;
  (void)self;
  if (!PyArg_ParseTuple(args, "O!KKppOOOO", &PyTuple_Type, &steps, &e64, &e32, &returns_real, &out_ok, &convert, &warn, &body, &to_torch))
    return NULL;
  f = PyObject_New(Function, &FunctionType);
  if (!f) return NULL;
  f->entry[0] = (spx_entry)(uintptr_t)e64;
  f->entry[1] = (spx_entry)(uintptr_t)e32;
  f->returns_real = returns_real;
  f->out_ok = out_ok;
  f->nouts = 0;
  f->nsteps = PyTuple_GET_SIZE(steps);
  f->steps = PyMem_Calloc((size_t)f->nsteps + 1, sizeof(Step));
  f->caches = PyList_New(0);
  Py_INCREF(convert), f->convert = convert;
  Py_INCREF(warn), f->warn = warn;
  Py_INCREF(body), f->body = body;
  Py_INCREF(to_torch), f->to_torch = to_torch;
  if (!f->steps || !f->caches) goto fail;
  for (i = 0; i < f->nsteps; ++i) {
    PyObject *t = PyTuple_GET_ITEM(steps, i);
    long x[7] = {0};
    Step *s = &f->steps[i];
    if (!PyTuple_Check(t) || PyTuple_GET_SIZE(t) > 7) {
      PyErr_SetString(PyExc_TypeError, "function(): a step is a tuple of at most 7 ints");
      goto fail;
    }
    for (j = 0; j < PyTuple_GET_SIZE(t); ++j) {
      x[j] = PyLong_AsLong(PyTuple_GET_ITEM(t, j));
      if (x[j] == -1 && PyErr_Occurred()) goto fail;
    }
    s->kind = (int)x[0], s->pos = (int)x[1], s->field = (int)x[2], s->size = (int)x[3];
    s->nullable = (int)x[4];
    s->inner_nd = PyTuple_GET_SIZE(t) > 5 ? (int)(PyTuple_GET_SIZE(t) - 5) : 0;
    s->inner[0] = x[5], s->inner[1] = x[6];
    narrays += s->kind == STEP_BODY_OUT ? 4 : s->kind != STEP_VALUE;
    nresults += s->kind == STEP_OUT || s->kind == STEP_BODY_OUT;
    f->nouts += s->kind == STEP_OUT;
    if (s->kind == STEP_VALUE) {
      for (j = 0; j < 2; ++j) {
        PyObject *d = PyDict_New();
        if (!d || PyList_Append(f->caches, d) < 0) {
          Py_XDECREF(d);
          goto fail;
        }
        Py_DECREF(d);
      }
      ++nvalues;
    }
  }
  if (nvalues > MAX_VALUES || narrays + 1 > MAX_ARRAYS || nresults + 1 > MAX_RESULTS) {
    PyErr_SetString(PyExc_ValueError, "function(): more arguments than the fast call holds");
    goto fail;
  }
  return (PyObject *)f;
fail:
  Py_DECREF(f);
  return NULL;
}

/* An array's layout as the loop reads it, and the bytes it spans. */
typedef struct {
  int nd;
  npy_intp dims[NPY_MAXDIMS];
  npy_intp strides[NPY_MAXDIMS]; /* bytes */
  char *data;
  int typenum;
  int writable;
  char *lo, *hi; /* [lo, hi): every byte of its elements */
} View;

/* What the call keeps of an array: its data, the stride in reals between
   its elements (an input's), and the bytes it spans. */
typedef struct {
  char *data;
  ptrdiff_t stride;
  char *lo, *hi;
} Span;

static void set_span(View *v, int itemsize) {
  int d;
  v->lo = v->hi = v->data;
  for (d = 0; d < v->nd; ++d) {
    npy_intp reach = v->strides[d] * (v->dims[d] - 1);
    if (reach < 0) v->lo += reach;
    else v->hi += reach;
  }
  v->hi += itemsize;
}

/* Clears a pending Exception (the general path will meet it again and
   explain it): 0. Leaves any other (KeyboardInterrupt, SystemExit): -1. */
static int clear_exception(void) {
  if (!PyErr_Occurred()) return 0;
  if (!PyErr_ExceptionMatches(PyExc_Exception)) return -1;
  PyErr_Clear();
  return 0;
}

/* spatial_conv._tensor's interface where it was built for this torch
   (its __version__ is SPX_TORCH_VERSION); NULL otherwise, and when the
   module cannot be imported */
static const spx_tensor_api *load_tensor_api(PyObject *torch) {
#ifdef SPX_TORCH_VERSION
  PyObject *version = PyObject_GetAttrString(torch, "__version__"), *module = NULL, *capsule = NULL;
  const spx_tensor_api *api = NULL;
  if (version && PyUnicode_Check(version) &&
      PyUnicode_CompareWithASCIIString(version, SPX_TORCH_VERSION) == 0)
    module = PyImport_ImportModule("spatial_conv._tensor");
  if (module) capsule = PyObject_GetAttrString(module, "_C_API");
  if (capsule) api = (const spx_tensor_api *)PyCapsule_GetPointer(capsule, "spatial_conv._tensor._C_API");
  Py_XDECREF(capsule); /* the module keeps it, and the interface is static */
  Py_XDECREF(module);
  Py_XDECREF(version);
  clear_exception();
  return api && api->version == SPX_TENSOR_API_VERSION ? api : NULL;
#else
  (void)torch;
  return NULL;
#endif
}

/* torch's objects, looked up once torch is imported (a tensor exists) */
static int load_torch(void) {
  PyObject *name = PyUnicode_FromString("torch"), *torch;
  if (!name) return -1;
  torch = PyImport_GetModule(name);
  Py_DECREF(name);
  if (!torch) return PyErr_Occurred() ? -1 : 0;
  tensor_type = PyObject_GetAttrString(torch, "Tensor");
  torch_f64 = PyObject_GetAttrString(torch, "float64");
  torch_f32 = PyObject_GetAttrString(torch, "float32");
  torch_strided = PyObject_GetAttrString(torch, "strided");
  from_numpy = PyObject_GetAttrString(torch, "from_numpy");
  tensor_api = load_tensor_api(torch);
  Py_DECREF(torch);
  if (!tensor_type || !torch_f64 || !torch_f32 || !torch_strided || !from_numpy) {
    Py_CLEAR(tensor_type);
    return -1;
  }
  return 0;
}

static int is_tensor(PyObject *x) {
  if (!tensor_type && strcmp(Py_TYPE(x)->tp_name, "Tensor") == 0 && load_torch() < 0) clear_exception();
  return tensor_type && (PyObject *)Py_TYPE(x) == tensor_type;
}

/* 1 when attribute name of x is True (-1: an error) */
static int attr_true(PyObject *x, PyObject *name, int call) {
  PyObject *a = call ? PyObject_CallMethodNoArgs(x, name) : PyObject_GetAttr(x, name);
  int r;
  if (!a) return -1;
  r = PyObject_IsTrue(a);
  Py_DECREF(a);
  return r;
}

/* a tuple of ints into out[0..n), n <= NPY_MAXDIMS; -1 otherwise */
static int int_tuple(PyObject *t, npy_intp *out, npy_intp scale) {
  Py_ssize_t i, n;
  if (!t || !PyTuple_Check(t) || (n = PyTuple_GET_SIZE(t)) > NPY_MAXDIMS) return -1;
  for (i = 0; i < n; ++i) {
    out[i] = (npy_intp)PyLong_AsSsize_t(PyTuple_GET_ITEM(t, i)) * scale;
    if (PyErr_Occurred()) return -1;
  }
  return (int)n;
}

/* v: a CPU tensor that .numpy() would view (strided, needing no grad, no
   negative bit) of float64 or float32. 1: filled, 0: not such a tensor. */
static int tensor_view(PyObject *x, View *v) {
  PyObject *dtype, *layout, *shape, *strides, *ptr;
  int itemsize, ok, is_float32;
  const spx_tensor_api *api = active_tensor_api();
  if (api) {
    if (!api->view(x, NPY_MAXDIMS, &is_float32, &v->nd, (ptrdiff_t *)v->dims, (ptrdiff_t *)v->strides,
                   &v->data))
      return 0;
    v->typenum = is_float32 ? NPY_FLOAT : NPY_DOUBLE;
    v->writable = 1;
    set_span(v, is_float32 ? 4 : 8);
    return 1;
  }
  if (attr_true(x, s_requires_grad, 0) != 0 || attr_true(x, s_is_cpu, 0) != 1 ||
      attr_true(x, s_is_neg, 1) != 0)
    goto no;
  layout = PyObject_GetAttr(x, s_layout);
  Py_XDECREF(layout);
  if (layout != torch_strided) goto no;
  dtype = PyObject_GetAttr(x, s_dtype);
  Py_XDECREF(dtype);
  if (dtype == torch_f64) v->typenum = NPY_DOUBLE, itemsize = 8;
  else if (dtype == torch_f32) v->typenum = NPY_FLOAT, itemsize = 4;
  else goto no;
  shape = PyObject_GetAttr(x, s_shape);
  strides = PyObject_CallMethodNoArgs(x, s_stride);
  ptr = PyObject_CallMethodNoArgs(x, s_data_ptr);
  v->nd = int_tuple(shape, v->dims, 1);
  ok = v->nd >= 0 && int_tuple(strides, v->strides, itemsize) == v->nd && ptr;
  v->data = ptr ? (char *)PyLong_AsVoidPtr(ptr) : NULL;
  Py_XDECREF(shape);
  Py_XDECREF(strides);
  Py_XDECREF(ptr);
  if (!ok || PyErr_Occurred() || !v->data || (uintptr_t)v->data % (uintptr_t)itemsize) goto no;
  v->writable = 1;
  set_span(v, itemsize);
  return 1;
no:
  clear_exception();
  return 0;
}

/* v: x as the loop may read or write it in place (a NumPy array of native
   byte order, aligned, or a tensor_view). 1: filled, 0: the general path. */
static int view_of(PyObject *x, View *v) {
  if (PyArray_CheckExact(x)) {
    PyArrayObject *a = (PyArrayObject *)x;
    v->typenum = PyArray_TYPE(a);
    if ((v->typenum != NPY_DOUBLE && v->typenum != NPY_FLOAT) || !PyArray_ISNOTSWAPPED(a) ||
        !PyArray_ISALIGNED(a))
      return 0;
    v->nd = PyArray_NDIM(a);
    if (v->nd) { /* a 0-d array's dims and strides may be NULL */
      memcpy(v->dims, PyArray_DIMS(a), (size_t)v->nd * sizeof(npy_intp));
      memcpy(v->strides, PyArray_STRIDES(a), (size_t)v->nd * sizeof(npy_intp));
    }
    v->data = PyArray_BYTES(a);
    v->writable = PyArray_ISWRITEABLE(a);
    set_span(v, (int)PyArray_ITEMSIZE(a));
    return 1;
  }
  return is_tensor(x) && tensor_view(x, v);
}

/* 1 when the reals of v's axes from `first` on lie one after another, in
   C order (an axis of one real may have any stride) */
static int axes_packed(const View *v, int first, int itemsize) {
  npy_intp expect = itemsize;
  int d;
  for (d = v->nd - 1; d >= first; --d) {
    if (v->dims[d] > 1 && v->strides[d] != expect) return 0;
    expect *= v->dims[d];
  }
  return 1;
}

/* The stride in reals between the elements of v (batch axes: the first
   batch_nd) when one stride walks them all and each element's reals are
   contiguous, else 0 with *ok = 0. One element: stride 0. */
static ptrdiff_t element_stride(const View *v, int batch_nd, int itemsize, int *ok) {
  npy_intp stride = 0, span = 1;
  int d;
  if (!axes_packed(v, batch_nd, itemsize)) *ok = 0;
  for (d = batch_nd - 1; d >= 0; --d) {
    if (v->dims[d] == 1) continue;
    if (span == 1) stride = v->strides[d];
    else if (v->strides[d] != stride * span) *ok = 0;
    span *= v->dims[d];
  }
  if (stride % itemsize) *ok = 0;
  return (ptrdiff_t)(stride / itemsize);
}

static int spans_overlap(const Span *a, const Span *b) { return a->lo < b->hi && b->lo < a->hi; }

/* The C bytes of value step k's argument x for precision prec, copied to
   out (at most VALUE_BYTES). 1: done, 0: the general path (it explains),
   -1: an exception that is no Exception (KeyboardInterrupt) is raised. */
static int value_bytes(Function *f, Py_ssize_t k, PyObject *x, int prec, char *out) {
  PyObject *cache = PyList_GET_ITEM(f->caches, 2 * k + prec), *hit, *got, *data;
  int cacheable;
  hit = PyDict_GetItemWithError(cache, x); /* borrowed; unhashable x: TypeError */
  if (hit && PyTuple_GET_ITEM(hit, 0) == (PyObject *)Py_TYPE(x)) {
    data = PyTuple_GET_ITEM(hit, 1);
    memcpy(out, PyBytes_AS_STRING(data), (size_t)PyBytes_GET_SIZE(data));
    return 1;
  }
  if (clear_exception() < 0) return -1;
  got = PyObject_CallFunction(f->convert, "nOi", k, x, prec);
  if (!got || !PyArg_ParseTuple(got, "Sp", &data, &cacheable) ||
      PyBytes_GET_SIZE(data) > VALUE_BYTES) {
    Py_XDECREF(got);
    return clear_exception() < 0 ? -1 : 0;
  }
  memcpy(out, PyBytes_AS_STRING(data), (size_t)PyBytes_GET_SIZE(data));
  if (cacheable && !hit && PyDict_GET_SIZE(cache) < CACHE_LIMIT) {
    PyObject *entry = PyTuple_Pack(2, (PyObject *)Py_TYPE(x), data);
    if (!entry || PyDict_SetItem(cache, x, entry) < 0) clear_exception();
    Py_XDECREF(entry);
  }
  Py_DECREF(got);
  return 1;
}

#define LARGE_RESULT ((size_t)1 << 22) /* 4 MiB */

/* The bytes of an array of shape dims[0..nd) and typenum, or LARGE_RESULT
   when it takes that much or more. */
static size_t result_bytes(const npy_intp *dims, int nd, int typenum) {
  size_t bytes = typenum == NPY_FLOAT ? 4 : 8;
  int i;
  for (i = 0; i < nd && bytes < LARGE_RESULT; ++i) /* both factors < 2^22: no overflow */
    bytes = (size_t)dims[i] < LARGE_RESULT ? bytes * (size_t)dims[i] : LARGE_RESULT;
  return bytes < LARGE_RESULT ? bytes : LARGE_RESULT;
}

/* A new result of shape batch + inner, C-contiguous: a tensor (made by
   spatial_conv._tensor) when as_tensor and it is smaller than 4 MiB, else
   a NumPy array (which the caller wraps as a tensor); its memory into
   *data. NumPy asks the kernel for huge pages for arrays of 4 MiB and more
   and PyTorch 1.13 does not, so a large result's new memory faults in
   far fewer pages as an array (32 MiB: 10 ms to fill, against 110 ms). */
static PyObject *new_result(const npy_intp *batch, int batch_nd, const npy_intp *inner,
                            int inner_nd, int typenum, int as_tensor, void **data) {
  npy_intp dims[NPY_MAXDIMS + 2];
  PyObject *r;
  char *memory = NULL;
  size_t bytes;
  memcpy(dims, batch, (size_t)batch_nd * sizeof *dims);
  if (inner_nd) memcpy(dims + batch_nd, inner, (size_t)inner_nd * sizeof *dims); /* NULL when none */
  bytes = as_tensor ? result_bytes(dims, batch_nd + inner_nd, typenum) : LARGE_RESULT;
  if (bytes < LARGE_RESULT) {
    r = (PyObject *)tensor_api->empty(typenum == NPY_FLOAT, batch_nd + inner_nd, (ptrdiff_t *)dims,
                                      bytes, &memory);
  } else {
    r = PyArray_EMPTY(batch_nd + inner_nd, dims, typenum, 0);
    if (r) memory = PyArray_BYTES((PyArrayObject *)r);
  }
  *data = memory;
  return r;
}

/* Whether view r is exactly a result of shape batch + inner, of typenum,
   C-contiguous and writable. */
static int fits_result(const View *r, const npy_intp *batch, int batch_nd, const npy_intp *inner,
                       int inner_nd, int typenum, int itemsize) {
  return r->typenum == typenum && r->writable && r->nd == batch_nd + inner_nd &&
         !memcmp(r->dims, batch, (size_t)batch_nd * sizeof *batch) &&
         !memcmp(r->dims + batch_nd, inner, (size_t)inner_nd * sizeof *inner) &&
         axes_packed(r, 0, itemsize);
}

typedef struct {
  Span in[MAX_ARRAYS];   /* the inputs, in the loop's order */
  Span out[MAX_RESULTS]; /* the caller's out= arrays */
  void *p[MAX_ARRAYS];
  ptrdiff_t s[MAX_ARRAYS];
  const void *v[MAX_VALUES];
  union { /* a value's C bytes, aligned for any member of a struct */
    char bytes[VALUE_BYTES];
    double d;
    long long l;
    void *p;
  } value[MAX_VALUES];
} Frame;

/* call_arrays(function, args, check_finite, out): the call's result, or
   NotImplemented for the general path */
static PyObject *call_arrays(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  Function *f;
  PyObject *args, *out, *results[MAX_RESULTS], *ret = NULL, *outs = NULL;
  int scalar[MAX_RESULTS]; /* result i is 0-d: given as a scalar */
  Frame fr;
  npy_intp batch[NPY_MAXDIMS];
  int batch_nd = -1, typenum = -1, itemsize = 0, prec, torch_in = 0, as_tensor, check_finite, nres = 0;
  int nin = 0, narr = 0, nval = 0, ok = 1, status;
  npy_intp count = 1;
  Py_ssize_t i, k = 0, nouts = 0, out_at = 0;
  spx_report report = {0, 0, 0, 0, 0, 0};
  (void)self;
  if (argc != 4 || Py_TYPE(argv[0]) != &FunctionType || !PyTuple_Check(argv[1])) {
    PyErr_SetString(PyExc_TypeError, "call(function, args, check_finite, out)");
    return NULL;
  }
  f = (Function *)argv[0], args = argv[1], out = argv[3];
  if ((check_finite = PyObject_IsTrue(argv[2])) < 0) goto general;
  if (out != Py_None && !f->out_ok) goto general;
  /* 1. the inputs: one dtype, one batch shape */
  for (i = 0; i < f->nsteps; ++i) {
    const Step *st = &f->steps[i];
    Span *a = &fr.in[nin];
    View view, *v = &view;
    PyObject *x;
    int inner = st->size ? 1 : 0;
    if (st->kind != STEP_IN) continue;
    if (st->pos >= PyTuple_GET_SIZE(args)) goto general;
    x = PyTuple_GET_ITEM(args, st->pos);
    if (st->field >= 0) {
      if (!PyTuple_Check(x) || PyTuple_GET_SIZE(x) != 4) goto general;
      x = PyTuple_GET_ITEM(x, st->field);
    }
    ++nin;
    if (x == Py_None && st->nullable) {
      a->data = NULL;
      continue;
    }
    if (!view_of(x, v)) goto general;
    torch_in |= !PyArray_CheckExact(x);
    if (typenum < 0) typenum = v->typenum, itemsize = v->typenum == NPY_DOUBLE ? 8 : 4;
    if (v->typenum != typenum || v->nd < inner || (inner && v->dims[v->nd - 1] != st->size))
      goto general;
    if (batch_nd < 0) {
      batch_nd = v->nd - inner;
      memcpy(batch, v->dims, (size_t)batch_nd * sizeof *batch);
    } else if (v->nd - inner != batch_nd || memcmp(batch, v->dims, (size_t)batch_nd * sizeof *batch)) {
      goto general;
    }
    a->data = v->data, a->lo = v->lo, a->hi = v->hi;
    a->stride = element_stride(v, batch_nd, itemsize, &ok);
    if (!ok) goto general;
  }
  if (batch_nd < 0 || batch_nd + 2 > NPY_MAXDIMS) goto general;
  for (i = 0; i < batch_nd; ++i) count *= batch[i];
  if (count == 0) goto general;
  prec = typenum == NPY_FLOAT;
  as_tensor = torch_in && active_tensor_api(); /* results made as tensors */
  /* 2. the caller's result arrays */
  if (out != Py_None) {
    if (PyTuple_Check(out)) outs = out, nouts = PyTuple_GET_SIZE(out);
    else nouts = 1;
    if (nouts != f->nouts) goto general;
  }
  /* 3. the loop's arguments, in its order */
  nin = 0;
  for (i = 0; i < f->nsteps; ++i) {
    const Step *st = &f->steps[i];
    if (st->kind == STEP_IN) {
      const Span *a = &fr.in[nin++];
      fr.p[narr] = a->data;
      fr.s[narr++] = a->data ? a->stride : 0;
    } else if (st->kind == STEP_OUT) {
      const npy_intp *inner = st->inner;
      if (out == Py_None) {
        PyObject *r = new_result(batch, batch_nd, inner, st->inner_nd, typenum, as_tensor, &fr.p[narr]);
        if (!r) goto general; /* too large: the general path says so */
        scalar[nres] = batch_nd + st->inner_nd == 0;
        results[nres++] = r;
      } else {
        PyObject *given = outs ? PyTuple_GET_ITEM(outs, out_at) : out;
        View r;
        Span *o = &fr.out[out_at];
        scalar[out_at++] = batch_nd + st->inner_nd == 0;
        if (!view_of(given, &r) ||
            !fits_result(&r, batch, batch_nd, inner, st->inner_nd, typenum, itemsize))
          goto general;
        o->data = r.data, o->lo = r.lo, o->hi = r.hi;
        fr.p[narr] = r.data;
      }
      fr.s[narr++] = st->size ? st->size : 1;
    } else if (st->kind == STEP_BODY_OUT) {
      PyObject *fields[4];
      npy_intp inner;
      int j;
      for (j = 0; j < 4; ++j) {
        inner = BODY_SIZES[j];
        fields[j] = new_result(batch, batch_nd, &inner, 1, typenum, as_tensor, &fr.p[narr]);
        if (!fields[j]) {
          while (j--) Py_DECREF(fields[j]);
          goto general;
        }
        fr.s[narr++] = BODY_SIZES[j];
      }
      scalar[nres] = 0;
      results[nres] = PyObject_CallFunctionObjArgs(f->body, fields[0], fields[1], fields[2],
                                                   fields[3], NULL);
      for (j = 0; j < 4; ++j) Py_DECREF(fields[j]);
      if (!results[nres++]) goto fail;
    } else {
      int got;
      if (st->pos >= PyTuple_GET_SIZE(args)) goto general;
      got = value_bytes(f, k++, PyTuple_GET_ITEM(args, st->pos), prec, fr.value[nval].bytes);
      if (got < 0) goto fail;
      if (!got) goto general;
      fr.v[nval] = fr.value[nval].bytes;
      ++nval;
    }
  }
  if (out_at) { /* every out= array against every input and every other out= array */
    Py_ssize_t a, b;
    for (a = 0; a < out_at; ++a) {
      for (b = 0; b < nin; ++b)
        if (fr.in[b].data && spans_overlap(&fr.out[a], &fr.in[b])) goto general;
      for (b = a + 1; b < out_at; ++b)
        if (spans_overlap(&fr.out[a], &fr.out[b])) goto general;
    }
  }
  if (f->returns_real) {
    PyObject *r = new_result(batch, batch_nd, NULL, 0, typenum, as_tensor, &fr.p[narr]);
    if (!r) goto general;
    scalar[nres] = batch_nd == 0;
    results[nres++] = r;
    fr.s[narr++] = 1;
  }
  /* 4. the loop, without the GIL when it is long */
  if (count > 256) {
    Py_BEGIN_ALLOW_THREADS
    status = f->entry[prec]((size_t)count, check_finite, &report, fr.p, fr.s, fr.v);
    Py_END_ALLOW_THREADS
  } else {
    status = f->entry[prec]((size_t)count, check_finite, &report, fr.p, fr.s, fr.v);
  }
  if (status || report.status) goto general; /* the general path raises the Error */
  if (report.warnings) {
    PyObject *shape = PyTuple_New(batch_nd), *w = NULL;
    for (i = 0; shape && i < batch_nd; ++i) {
      PyObject *d = PyLong_FromSsize_t(batch[i]);
      if (!d) Py_CLEAR(shape);
      else PyTuple_SET_ITEM(shape, i, d);
    }
    if (shape)
      w = PyObject_CallFunction(f->warn, "LLiO", report.warnings, report.warn_index,
                                report.warn_status, shape);
    Py_XDECREF(shape);
    if (!w) goto fail;
    Py_DECREF(w);
  }
  /* 5. the results: the caller's objects for out=, scalars for a batch of (), tensors for tensors */
  if (out != Py_None) {
    for (i = 0; i < nres; ++i) Py_DECREF(results[i]); /* none: out= functions return no real */
    nres = 0;
    for (i = 0; i < nouts; ++i) {
      results[nres] = outs ? PyTuple_GET_ITEM(outs, i) : out;
      Py_INCREF(results[nres++]);
    }
  }
  for (i = 0; i < nres; ++i) {
    PyObject *r = results[i], *converted;
    /* a 0-d result as r[()]: a scalar, or for tensor inputs a 0-d tensor
       (one the call made already is one; an out= one is indexed, as the
       general path does) */
    if (scalar[i] && (!torch_in || out != Py_None)) {
      PyObject *empty = PyTuple_New(0);
      converted = empty ? PyObject_GetItem(r, empty) : NULL;
      Py_XDECREF(empty);
      if (!converted) goto fail;
      Py_DECREF(r), r = results[i] = converted;
    }
    if (!torch_in || is_tensor(r)) continue; /* a tensor made as one, or given as out= */
    if (!PyArray_CheckExact(r)) converted = PyObject_CallOneArg(f->to_torch, r);
    else if (active_tensor_api()) converted = (PyObject *)tensor_api->from_array(r);
    else converted = PyObject_CallOneArg(from_numpy, r);
    if (!converted) goto fail;
    Py_DECREF(r), results[i] = converted;
  }
  if (nres == 1) return results[0];
  ret = PyTuple_New(nres);
  if (!ret) goto fail;
  for (i = 0; i < nres; ++i) PyTuple_SET_ITEM(ret, i, results[i]);
  return ret;
general:
  if (clear_exception() < 0) goto fail;
  for (i = 0; i < nres; ++i) Py_DECREF(results[i]);
  Py_RETURN_NOTIMPLEMENTED;
fail:
  for (i = 0; i < nres; ++i) Py_XDECREF(results[i]);
  return NULL;
}

/* call(function, args, check_finite, out): call_arrays, then the release
   of the recycled tensor results spatial_conv._tensor dropped meanwhile
   (which may run Python code, so only once the arrays' memory is no
   longer used) */
static PyObject *call(PyObject *self, PyObject *const *argv, Py_ssize_t argc) {
  PyObject *r = call_arrays(self, argv, argc);
  if (tensor_api) tensor_api->release_dropped();
  return r;
}

/* set_tensor_api(on): whether tensors go through spatial_conv._tensor (when
   loaded) or their Python attributes, for the tests of both; the state
   before. tensor_api(): whether spatial_conv._tensor is loaded. */
static PyObject *set_tensor_api(PyObject *self, PyObject *on) {
  int before = use_tensor_api, now = PyObject_IsTrue(on);
  (void)self;
  if (now < 0) return NULL;
  use_tensor_api = now;
  return PyBool_FromLong(before);
}

static PyObject *tensor_api_loaded(PyObject *self, PyObject *unused) {
  (void)self, (void)unused;
  return PyBool_FromLong(tensor_api != NULL);
}

/* layout(): (sizeof, offsets...) of spx_report as compiled here */
static PyObject *layout(PyObject *self, PyObject *unused) {
  (void)self, (void)unused;
  return Py_BuildValue("nnnnnnn", (Py_ssize_t)sizeof(spx_report),
                       (Py_ssize_t)offsetof(spx_report, index), (Py_ssize_t)offsetof(spx_report, status),
                       (Py_ssize_t)offsetof(spx_report, arg), (Py_ssize_t)offsetof(spx_report, warnings),
                       (Py_ssize_t)offsetof(spx_report, warn_index),
                       (Py_ssize_t)offsetof(spx_report, warn_status));
}

static PyMethodDef methods[] = {
    {"function", make_function, METH_VARARGS, "function(steps, ...): an element function's fast call"},
    {"call", (PyCFunction)(void (*)(void))call, METH_FASTCALL,
     "call(function, args, check_finite, out): the result, or NotImplemented"},
    {"layout", layout, METH_NOARGS, "the sizeof and field offsets of spx_report"},
    {"set_tensor_api", set_tensor_api, METH_O,
     "set_tensor_api(on): read tensors through spatial_conv._tensor (where loaded); the state before"},
    {"tensor_api", tensor_api_loaded, METH_NOARGS, "whether spatial_conv._tensor is loaded"},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "spatial_conv._fast",
                                    "The element functions' common call, in C.", -1, methods,
                                    NULL, NULL, NULL, NULL};

PyMODINIT_FUNC PyInit__fast(void) {
  PyObject *m;
  import_array();
  if (sizeof(npy_intp) != sizeof(ptrdiff_t)) {
    PyErr_SetString(PyExc_ImportError, "spatial_conv._fast: npy_intp is not ptrdiff_t's size");
    return NULL;
  }
  if (PyType_Ready(&FunctionType) < 0) return NULL;
  s_requires_grad = PyUnicode_InternFromString("requires_grad");
  s_is_cpu = PyUnicode_InternFromString("is_cpu");
  s_layout = PyUnicode_InternFromString("layout");
  s_is_neg = PyUnicode_InternFromString("is_neg");
  s_dtype = PyUnicode_InternFromString("dtype");
  s_shape = PyUnicode_InternFromString("shape");
  s_stride = PyUnicode_InternFromString("stride");
  s_data_ptr = PyUnicode_InternFromString("data_ptr");
  if (!s_requires_grad || !s_is_cpu || !s_layout || !s_is_neg || !s_dtype || !s_shape || !s_stride ||
      !s_data_ptr)
    return NULL;
  m = PyModule_Create(&module);
  Py_INCREF(&FunctionType);
  if (m && PyModule_AddObject(m, "Function", (PyObject *)&FunctionType) < 0) {
    Py_DECREF(&FunctionType);
    Py_CLEAR(m);
  }
  return m;
}
