/* The instruction sets the hot loops are compiled for (portable; BMI2 clones on x86-64) and the
 * run-time choice, tc_isa_best(): AMD before Zen 3 counts as no BMI2 (microcoded pdep). Every
 * variant gives the same results (docs/kernels.md, "Instruction sets"). */
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
