/* spatial_conv._tensor's C interface, for _fast.c: how the common call
   reads a CPU tensor and makes a tensor result through libtorch's C++ API
   instead of the tensor's Python attributes (_tensor.cpp). The capsule
   spatial_conv._tensor._C_API holds one spx_tensor_api. */
#ifndef SPX_TENSOR_API_H
#define SPX_TENSOR_API_H
#include <stddef.h>

#define SPX_TENSOR_API_VERSION 3

typedef struct spx_tensor_api {
  int version; /* SPX_TENSOR_API_VERSION */
  /* x, exactly a torch.Tensor, as the common call may read or write it: on
     the CPU, strided, needing no grad, without the negative or conjugate
     bit, of float64 (*is_float32 = 0) or float32 (1), with memory, at most
     max_nd axes. 1: *nd, dims[], strides[] (bytes) and *data are filled;
     0: not such a tensor (no exception is left set). */
  int (*view)(void *x, int max_nd, int *is_float32, int *nd, ptrdiff_t *dims, ptrdiff_t *strides,
              char **data);
  /* torch.from_numpy(array): a new reference, or NULL with an exception */
  void *(*from_array)(void *array);
  /* a C-contiguous CPU tensor of float64 or float32 (is_float32) and
     shape dims[0..nd), of `bytes` bytes, that nothing else reaches (made
     now, or a small result made before and recycled, _tensor.cpp), its
     memory at *data: a new reference, or NULL with an exception */
  void *(*empty)(int is_float32, int nd, const ptrdiff_t *dims, size_t bytes, char **data);
  /* releases the recycled results empty() dropped during the call: called
     once the call has no more use for its arrays' memory (releasing may
     run Python code) */
  void (*release_dropped)(void);
} spx_tensor_api;

#endif
