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

void *empty(int is_float32, int nd, const ptrdiff_t *dims, char **data) {
  try {
    int64_t sizes[64];
    if (nd < 0 || nd > 64) throw std::length_error("spatial_conv._tensor: too many axes");
    for (int i = 0; i < nd; ++i) sizes[i] = static_cast<int64_t>(dims[i]);
    // the CPU allocation at::empty dispatches to, without the dispatch
    at::TensorBase t = at::detail::empty_cpu(at::IntArrayRef(sizes, static_cast<size_t>(nd)),
                                             is_float32 ? at::kFloat : at::kDouble);
    *data = static_cast<char *>(t.data_ptr());
    return THPVariable_Wrap(std::move(t));
  } catch (...) {
    set_error();
  }
  return nullptr;
}

const spx_tensor_api api = {SPX_TENSOR_API_VERSION, view, from_array, empty};

PyModuleDef module = {PyModuleDef_HEAD_INIT, "spatial_conv._tensor",
                      "CPU tensors for the common call, through libtorch's C++ API.", -1,
                      nullptr, nullptr, nullptr, nullptr, nullptr};

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
  return m;
}
