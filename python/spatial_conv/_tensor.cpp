// spatial_conv._tensor: CPU tensors for the common call (_fast.c) through
// libtorch's C++ API. Reading a tensor's pointer, shape and strides through
// its Python attributes costs more than a whole call on a NumPy array;
// here it is one unpack. Optional: built only where libtorch's headers and
// libraries are found (setup.py), and used only under the PyTorch it was
// built for (TORCH_VERSION; _fast.c compares it with torch.__version__).
#include <Python.h>

#include <new>
#include <stdexcept>

#include <ATen/core/Tensor.h>
#include <ATen/EmptyTensor.h>
#include <c10/core/InferenceMode.h>
#include <torch/csrc/autograd/python_variable.h>
#include <torch/csrc/utils/tensor_numpy.h>

#include "_tensor_api.h"

namespace {

int view(void *object, int max_nd, int *is_float32, int *nd, ptrdiff_t *dims, ptrdiff_t *strides,
         char **data) {
  PyObject *x = static_cast<PyObject *>(object);
  try {
    if (!THPVariable_Check(x)) return 0;
    const at::Tensor &t = THPVariable_Unpack(x);
    if (!t.defined() || t.requires_grad() || !t.device().is_cpu() || t.layout() != at::kStrided ||
        t.is_neg() || t.is_conj() || !t.has_storage() || t.dim() > max_nd)
      return 0;
    const at::ScalarType type = t.scalar_type();
    if (type != at::kDouble && type != at::kFloat) return 0;
    const ptrdiff_t itemsize = type == at::kDouble ? 8 : 4;
    char *p = static_cast<char *>(t.data_ptr());
    if (!p || reinterpret_cast<uintptr_t>(p) % static_cast<uintptr_t>(itemsize)) return 0;
    *is_float32 = type == at::kFloat;
    *nd = static_cast<int>(t.dim());
    for (int64_t i = 0; i < t.dim(); ++i) {
      dims[i] = static_cast<ptrdiff_t>(t.size(i));
      strides[i] = static_cast<ptrdiff_t>(t.stride(i)) * itemsize;
    }
    *data = p;
    return 1;
  } catch (...) {  // a tensor of a kind that has no strides or memory
    return 0;
  }
}

// A C++ exception as a Python one: MemoryError, or RuntimeError with the
// message (PyTorch's without its C++ backtrace).
void set_error() {
  try {
    throw;
  } catch (const std::bad_alloc &) {
    PyErr_NoMemory();
  } catch (const c10::Error &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what_without_backtrace());
  } catch (const std::exception &e) {
    PyErr_SetString(PyExc_RuntimeError, e.what());
  } catch (...) {
    PyErr_SetString(PyExc_RuntimeError, "spatial_conv._tensor: an unknown C++ exception");
  }
}

void *from_array(void *array) {
  try {
    return THPVariable_Wrap(torch::utils::tensor_from_numpy(static_cast<PyObject *>(array)));
  } catch (...) {
    set_error();
  }
  return nullptr;
}

// ----------------------------------------------------------- recycled results
//
// Making a tensor and its Python object, and freeing them, costs about twice
// a whole small call on NumPy arrays. So the last RECYCLED small results
// stay referenced here, and a call that needs a result of the same dtype and
// shape takes one back when nothing else can reach it and nothing tells it
// from a new tensor:
// - the Python object: no other reference, no weak reference, no attribute
//   (nor a __dict__ someone else holds), no hook, still exactly torch.Tensor;
// - the TensorImpl: no other owner or weak owner (a saved tensor, a DLPack
//   capsule), no autograd state (grad, hooks, requires_grad ever set), the
//   dispatch keys it was made with (no names, no negative or conjugate
//   bit), C-contiguous strides of the shape asked for, made in the
//   inference mode in force now; its version counter is replaced by a new
//   one at 0 when it was bumped or is shared (detach() shares it);
// - the storage: no other owner or weak owner (a view, a NumPy array,
//   .storage()), exactly the tensor's size, and memory from the allocator
//   the result was made with (not a NumPy array's or shared memory).
// An entry only the list reaches that fails any of these is dropped: where
// a weak reference, attribute or hook fails, before its shape is compared.
// Dropping may run Python code (a weak reference's callback, __del__), so
// the references dropped during a call are released after it
// (release_dropped, which _fast.c calls when the call's loop is done).

constexpr int RECYCLED = 8;
constexpr size_t RECYCLED_MAX_BYTES = 64 * 1024;

struct Recycled {
  PyObject *tensor;            // a reference, or nullptr
  c10::DeleterFnPtr allocator; // how its memory was allocated: the deleter
  c10::DispatchKeySet keys;    // as made
};
Recycled recycled[RECYCLED];
int recycled_next;  // the entry a new result replaces

// references dropped from the list during a call, released after it; a
// call drops at most every entry and one per result it keeps
PyObject *dropped[2 * RECYCLED + 64];
int ndropped;

void release_dropped() {
  while (ndropped) {
    PyObject *x = dropped[--ndropped];
    Py_DECREF(x);  // may run Python code, and calls that fill the list again
  }
}

// drops entry r's reference (released after the call); false: no room, kept
bool drop(Recycled &r) {
  if (ndropped == static_cast<int>(sizeof dropped / sizeof *dropped)) return false;
  dropped[ndropped++] = r.tensor;
  r.tensor = nullptr;
  return true;
}

// x, which only the list reaches: no weak reference, attribute or hook, and
// still exactly torch.Tensor (each would last: the entry is dropped)
bool python_as_new(PyObject *x) {
  PyTypeObject *tp = Py_TYPE(x);
  if (tp != reinterpret_cast<PyTypeObject *>(THPVariableClass)) return false;
  if (tp->tp_weaklistoffset &&  // negative where CPython manages the list (3.12)
      *reinterpret_cast<PyObject **>(reinterpret_cast<char *>(x) + tp->tp_weaklistoffset))
    return false;
  PyObject **dict = _PyObject_GetDictPtr(x);
  if (dict && *dict && (PyDict_GET_SIZE(*dict) || Py_REFCNT(*dict) != 1)) return false;
  return !reinterpret_cast<THPVariable *>(x)->backward_hooks;
}

// t, of the dtype and sizes asked for: as made, with nothing else owning it
bool tensor_as_new(const at::Tensor &t, const Recycled &r) {
  c10::TensorImpl *impl = t.unsafeGetTensorImpl();
  if (t.use_count() != 1 || t.weak_use_count() != 1 || impl->autograd_meta() ||
      impl->key_set() != r.keys ||  // names, the negative and conjugate bits are keys
      impl->is_inference() != c10::InferenceMode::is_enabled() || !t.has_storage())
    return false;
  int64_t stride = 1;  // C-contiguous, size-1 axes included
  for (int64_t i = t.dim() - 1; i >= 0; --i) {
    if (t.stride(i) != stride) return false;
    stride *= t.size(i);
  }
  const c10::Storage &s = t.storage();  // of exactly the tensor's size: it starts at 0
  if (s.use_count() != 1 || s.nbytes() != static_cast<size_t>(t.numel()) * t.element_size() ||
      s.data_ptr().get_deleter() != r.allocator)
    return false;
  auto storage = c10::intrusive_ptr<c10::StorageImpl>::unsafe_reclaim_from_nonowning(
      s.unsafeGetStorageImpl());
  return storage.weak_use_count() == 1;  // the count's own, no StorageWeakRef
}

bool same_shape(const at::Tensor &t, at::ScalarType type, int nd, const int64_t *sizes) {
  if (t.scalar_type() != type || t.dim() != nd) return false;
  for (int i = 0; i < nd; ++i)
    if (t.size(i) != sizes[i]) return false;
  return true;
}

// a result taken back from the list (a new reference), or nullptr; drops
// the entries that can never be handed out (all those whose weak reference,
// attribute or hook tells, whatever their shape)
PyObject *take_recycled(at::ScalarType type, int nd, const int64_t *sizes, char **data) {
  PyObject *found = nullptr;
  for (Recycled &r : recycled) {
    if (!r.tensor || Py_REFCNT(r.tensor) != 1) continue;  // empty, or in use
    if (!python_as_new(r.tensor)) {
      drop(r);
      continue;
    }
    if (found) continue;
    const at::Tensor &t = THPVariable_Unpack(r.tensor);
    if (!same_shape(t, type, nd, sizes)) continue;
    if (!tensor_as_new(t, r)) {
      drop(r);
      continue;
    }
    const c10::VariableVersion &version = t.unsafeGetTensorImpl()->version_counter();
    if (version.enabled() && (!version.unique() || version.current_version() != 0))
      t.unsafeGetTensorImpl()->set_version_counter(c10::VariableVersion(0));
    *data = static_cast<char *>(t.data_ptr());
    found = r.tensor;
  }
  Py_XINCREF(found);
  return found;
}

// keeps a new result x (a Python tensor) in the list, in place of the oldest
void keep_recycled(PyObject *x) {
  Recycled &r = recycled[recycled_next];
  if (r.tensor && !drop(r)) return;
  recycled_next = (recycled_next + 1) % RECYCLED;
  Py_INCREF(x);
  const at::Tensor &t = THPVariable_Unpack(x);
  r = {x, t.storage().data_ptr().get_deleter(), t.unsafeGetTensorImpl()->key_set()};
}

// spatial_conv._tensor.release_recycled(): drops the whole list (at exit)
PyObject *release_recycled(PyObject *, PyObject *) {
  for (Recycled &r : recycled)
    if (r.tensor) drop(r);
  release_dropped();
  Py_RETURN_NONE;
}

void *empty(int is_float32, int nd, const ptrdiff_t *dims, size_t bytes, char **data) {
  try {
    int64_t sizes[64];
    if (nd < 0 || nd > 64) throw std::length_error("spatial_conv._tensor: too many axes");
    for (int i = 0; i < nd; ++i) sizes[i] = static_cast<int64_t>(dims[i]);
    const at::ScalarType type = is_float32 ? at::kFloat : at::kDouble;
    const bool small = bytes <= RECYCLED_MAX_BYTES;
    if (small)
      if (PyObject *x = take_recycled(type, nd, sizes, data)) return x;
    // the CPU allocation at::empty dispatches to, without the dispatch
    at::TensorBase t = at::detail::empty_cpu(at::IntArrayRef(sizes, static_cast<size_t>(nd)), type);
    *data = static_cast<char *>(t.data_ptr());
    PyObject *x = THPVariable_Wrap(std::move(t));
    if (x && small) keep_recycled(x);
    return x;
  } catch (...) {
    set_error();
  }
  return nullptr;
}

const spx_tensor_api api = {SPX_TENSOR_API_VERSION, view, from_array, empty, release_dropped};

PyMethodDef methods[] = {
    {"release_recycled", release_recycled, METH_NOARGS,
     "release_recycled(): drops the recycled results (registered with atexit)"},
    {nullptr, nullptr, 0, nullptr}};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "spatial_conv._tensor",
                      "CPU tensors for the common call, through libtorch's C++ API.", -1,
                      methods, nullptr, nullptr, nullptr, nullptr};

}  // namespace

PyMODINIT_FUNC PyInit__tensor(void) {
  PyObject *m = PyModule_Create(&module);
  if (!m) return nullptr;
  PyObject *capsule = PyCapsule_New(const_cast<spx_tensor_api *>(&api), "spatial_conv._tensor._C_API",
                                    nullptr);
  if (!capsule || PyModule_AddObject(m, "_C_API", capsule) < 0) { // which takes capsule on success
    Py_XDECREF(capsule);
    Py_DECREF(m);
    return nullptr;
  }
  if (PyModule_AddStringConstant(m, "TORCH_VERSION", SPX_TORCH_VERSION) < 0) {
    Py_DECREF(m);
    return nullptr;
  }
  // the recycled results are released at exit, weak references' callbacks run
  PyObject *atexit = PyImport_ImportModule("atexit"), *release = nullptr, *done = nullptr;
  if (atexit) release = PyObject_GetAttrString(m, "release_recycled");
  if (release) done = PyObject_CallMethod(atexit, "register", "O", release);
  Py_XDECREF(atexit);
  Py_XDECREF(release);
  if (!done) {
    Py_DECREF(m);
    return nullptr;
  }
  Py_DECREF(done);
  return m;
}
