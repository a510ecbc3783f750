// The C consumer compiled as C++ against the C-compiled shared library:
// the declarations have C linkage (extern "C") in the linked modes.
#include "consumer.c"
