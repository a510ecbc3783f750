/* Forced include (-include) for building the C test suites as C++:
   Debian's cmocka.h (1.1.5) declares print_error and friends without
   extern "C", so a C++ translation unit would look for C++-mangled names.
   Including it here first, inside extern "C", makes the later include in
   test_util.h a no-op (include guard). Used by tests/compiler_matrix.sh. */
#ifndef SPCONV_CXX_CMOCKA_H
#define SPCONV_CXX_CMOCKA_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#ifdef __cplusplus
extern "C" {
#endif
#include <cmocka.h>
#ifdef __cplusplus
}
#endif
#endif
