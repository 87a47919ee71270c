#include "draughts/eval.h"

/* Fitted by bench/tune_eval.py --games 1000 --depth 4 --seed 1 (logistic regression of self-play
 * results on the features; docs/draughts-engine.md, "Tuning"), rescaled so a man weighs 100. */
const int16_t dr_eval_weights[DR_FEATURES] = {
    [DR_FEATURE_MAN] = 100,       [DR_FEATURE_KING] = 119,       [DR_FEATURE_BACK_RANK] = 8,
    [DR_FEATURE_CENTRE_MAN] = -2, [DR_FEATURE_CENTRE_KING] = -5, [DR_FEATURE_ADVANCE] = -8,
    [DR_FEATURE_TEMPO] = 0,       [DR_FEATURE_MOBILITY] = 1,     [DR_FEATURE_RUNAWAY] = 31,
};

DR_POPCNT_CLONES void dr_eval_features(const dr_position *p, int32_t *features)
{
    dr_eval_features_inline(p, features);
}

DR_POPCNT_CLONES int dr_evaluate(const dr_position *p)
{
    return dr_evaluate_inline(p);
}
