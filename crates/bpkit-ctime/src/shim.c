/* Valgrind client requests for the bpkit-ctime harness. The macros of memcheck.h are inline
 * assembly sequences that do nothing when the program does not run under valgrind.
 * Built with BPKIT_CTIME_NO_VALGRIND (no memcheck.h on the build machine) every function is a
 * no-op and bpkit_ctime_running() is 0, which `bpkit-ctime --require-valgrind` refuses. */
#include <stddef.h>

#ifdef BPKIT_CTIME_NO_VALGRIND

void bpkit_ctime_undefine(const void *p, size_t len) { (void)p; (void)len; }
void bpkit_ctime_define(const void *p, size_t len) { (void)p; (void)len; }
unsigned bpkit_ctime_running(void) { return 0; }

#else

#include <valgrind/memcheck.h>

/* Marks [p, p + len) as undefined: memcheck reports branches and addresses that depend on it. */
void bpkit_ctime_undefine(const void *p, size_t len) {
    (void)VALGRIND_MAKE_MEM_UNDEFINED(p, len);
}

/* Marks [p, p + len) as defined again (declassification). */
void bpkit_ctime_define(const void *p, size_t len) {
    (void)VALGRIND_MAKE_MEM_DEFINED(p, len);
}

/* Non-zero under valgrind. */
unsigned bpkit_ctime_running(void) {
    return (unsigned)RUNNING_ON_VALGRIND;
}

#endif
