/* Forced include (-include) for clang-tidy's static analyzer only
   (tests/static_analysis.sh), never for a build. cmocka's assert_* macros
   call plain functions that return on success and longjmp on failure; the
   analyzer cannot know that and goes on past a failed
   assert_int_equal(spconv_..., SPCONV_OK) with the outputs of the failed
   call unwritten, reporting "garbage value" in code that never runs. Here
   the asserts the tests use become "if (!(cond)) _fail(...)" with _fail
   marked noreturn for the analyzer, so it follows the same paths a test run
   can take. */
#ifndef SPCONV_ANALYZER_CMOCKA_H
#define SPCONV_ANALYZER_CMOCKA_H
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __cplusplus
extern "C" {
#endif
#include <cmocka.h>
void _fail(const char *const file, const int line) __attribute__((analyzer_noreturn));
#ifdef __cplusplus
}
#endif

static int spconv__analyzer_memeq(const void *a, const void *b, size_t n) {
  return memcmp(a, b, n) == 0;
}
#define SPCONV__ANALYZER_CHECK(cond) \
  do {                               \
    if (!(cond)) _fail(__FILE__, __LINE__); \
  } while (0)
#undef assert_true
#define assert_true(c) SPCONV__ANALYZER_CHECK(c)
#undef assert_false
#define assert_false(c) SPCONV__ANALYZER_CHECK(!(c))
#undef assert_int_equal
#define assert_int_equal(a, b) SPCONV__ANALYZER_CHECK((a) == (b))
#undef assert_int_not_equal
#define assert_int_not_equal(a, b) SPCONV__ANALYZER_CHECK((a) != (b))
#undef assert_non_null
#define assert_non_null(p) SPCONV__ANALYZER_CHECK((p) != NULL)
#undef assert_null
#define assert_null(p) SPCONV__ANALYZER_CHECK((p) == NULL)
#undef assert_memory_equal
#define assert_memory_equal(a, b, n) SPCONV__ANALYZER_CHECK(spconv__analyzer_memeq((a), (b), (n)))
#undef assert_string_equal
#define assert_string_equal(a, b) SPCONV__ANALYZER_CHECK(strcmp((a), (b)) == 0)
#undef assert_string_not_equal
#define assert_string_not_equal(a, b) SPCONV__ANALYZER_CHECK(strcmp((a), (b)) != 0)
#endif
