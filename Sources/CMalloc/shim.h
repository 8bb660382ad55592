// The C library's allocator calls that the toolchain's Glibc module does not declare:
// malloc_trim(3) on glibc. Nothing where there is no <malloc.h> (Darwin).
#if defined(__linux__) && __has_include(<malloc.h>)
#include <malloc.h>
#endif
