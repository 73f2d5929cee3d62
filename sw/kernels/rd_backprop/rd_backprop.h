/* rd_backprop.h - argument block of rd_backprop (Rodinia back propagation,
 * OpenCL kernels bpnn_layerforward_ocl and bpnn_adjust_weights_ocl), shared
 * by kernel.c and host.c. */
#ifndef RD_BACKPROP_H
#define RD_BACKPROP_H

#include <stdint.h>

#define RD_BP_HID 16   /* hidden units (Rodinia: bpnn_create(in, 16, 1)) */
#define RD_BP_MAX_B 16 /* Rodinia's WIDTH = HEIGHT = 16 */
#define RD_BP_ETA 0.3f
#define RD_BP_MOMENTUM 0.3f

typedef struct {
    uint32_t input;        /* float input_units[in + 1] */
    uint32_t input_hidden; /* float w[(in + 1) * (hid + 1)] (in/out) */
    uint32_t partial_sum;  /* float hidden_partial_sum[(in / B) * hid] (out) */
    uint32_t delta;        /* float hidden_delta[hid + 1] */
    uint32_t oldw;         /* float prev_weights[(in + 1) * (hid + 1)] (in/out) */
    int32_t in, hid;
} rd_backprop_args_t;

#endif
