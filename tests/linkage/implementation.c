/* The one translation unit of a linked build: SPCONV_IMPLEMENTATION makes
   every public function of the header an external, exported definition.
   Built as a shared library by tests/CMakeLists.txt (linked_*). */
#define SPCONV_IMPLEMENTATION
#include "spatial_conv.h"
