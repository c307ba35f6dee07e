#include "CLifeloopTesting.h"

// Weak: resolved by the linker when an object that defines it (a ported app's module) is
// in the program, null otherwise.
extern void *lifeloop_main_delegate(void) __attribute__((weak));

lifeloop_testing_delegate_maker lifeloop_testing_main_delegate_maker(void) {
    return lifeloop_main_delegate;
}
