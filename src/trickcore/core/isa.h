/* The instruction sets the kernels' hot loops are compiled for, and the run-time choice of one.
 *
 * A default build is portable. On x86-64 with GCC or clang (TC_ISA_BMI2_CLONE) the hot loops are
 * also compiled for CPUs with POPCNT and BMI2 (functions marked TC_ISA_BMI2_TARGET, passing
 * TC_ISA_BMI2 as a constant `isa`), and tc_isa_best() says at run time which to call. A build
 * that targets BMI2 itself (TRICKCORE_NATIVE=1, TC_ISA_BMI2_NATIVE) uses it everywhere. AMD before
 * Zen 3 runs pdep/pext as slow microcode, so there BMI2 counts as absent. Every variant gives the
 * same results: the choice never shows in a random stream. */
#ifndef TRICKCORE_CORE_ISA_H
#define TRICKCORE_CORE_ISA_H

#if defined(__BMI2__) && !defined(__znver1__) && !defined(__znver2__)
#define TC_ISA_BMI2_NATIVE 1
#define TC_ISA_BMI2_TARGET
#elif defined(__x86_64__) && defined(__ELF__) && !defined(__BMI2__) && \
    ((defined(__GNUC__) && !defined(__clang__)) || (defined(__clang__) && __clang_major__ >= 14))
#define TC_ISA_BMI2_CLONE 1
#define TC_ISA_BMI2_TARGET __attribute__((target("popcnt,bmi,bmi2")))
#endif

#ifdef TC_ISA_BMI2_TARGET
#include <immintrin.h>
#endif

/* A loop variant's instruction set: a constant `isa` argument in always-inline code, so each
 * variant inlines only its own instructions. */
enum tc_isa { TC_ISA_PORTABLE = 0, TC_ISA_BMI2 = 1 };

/* The variant to run on this CPU: TC_ISA_BMI2 where the CPU has a fast BMI2 (and POPCNT), or the
 * build targets it; else TC_ISA_PORTABLE. A BMI2 clone exists only under TC_ISA_BMI2_CLONE. */
static inline int tc_isa_best(void)
{
#if defined(TC_ISA_BMI2_NATIVE)
    return TC_ISA_BMI2;
#elif defined(TC_ISA_BMI2_CLONE)
    return __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi2") &&
                   !__builtin_cpu_is("znver1") && !__builtin_cpu_is("znver2")
               ? TC_ISA_BMI2
               : TC_ISA_PORTABLE;
#else
    return TC_ISA_PORTABLE;
#endif
}

#endif
