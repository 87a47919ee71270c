#include "draughts/eval.h"

/* Fitted by bench/tune_eval.py (logistic regression of game results on the features; the method
 * and the data in docs/draughts-engine.md), rescaled so that a man weighs 100. */
const int16_t dr_eval_weights[DR_FEATURES] = {
    [DR_FEATURE_MAN] = 100,      [DR_FEATURE_KING] = 140,      [DR_FEATURE_BACK_RANK] = 8,
    [DR_FEATURE_CENTRE_MAN] = 6, [DR_FEATURE_CENTRE_KING] = 8, [DR_FEATURE_ADVANCE] = 4,
    [DR_FEATURE_TEMPO] = 1,      [DR_FEATURE_MOBILITY] = 2,    [DR_FEATURE_RUNAWAY] = 40,
};

DR_POPCNT_CLONES void dr_eval_features(const dr_position *p, int32_t *features)
{
    dr_eval_features_inline(p, features);
}

DR_POPCNT_CLONES int dr_evaluate(const dr_position *p)
{
    return dr_evaluate_inline(p);
}
