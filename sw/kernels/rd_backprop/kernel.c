/* rd_backprop - Rodinia back propagation (OpenCL backprop_kernel.cl; seed 000
 * Table 6.2: 65536 input units), one training step of a in x 16 x 1 network.
 *   rd_bp_layerforward  one B x B block per B inputs x B hidden units: the
 *       block's inputs in shared memory (`if (tx == 0)`, a WEFT_IF), the
 *       weight x input products in a shared B x B matrix, then a tree over
 *       the rows (`if (ty % power_two == 0)`, a WEFT_IF; as Rodinia, the tree
 *       starts at power_two = 1, whose step adds every element to itself, so
 *       the partial sums are twice the sums), the matrix written back over
 *       the input weights (as Rodinia) and row 0 to hidden_partial_sum.
 *   rd_bp_adjust_weights  w += ETA * delta * ly + MOMENTUM * oldw (one fmadd:
 *       LLVM's contraction of the statement), oldw = the same; the threshold
 *       row by the ty == 0, by == 0 threads (a WEFT_IF).
 * Rodinia's blocks are 16 x 16 (WIDTH = HEIGHT = the 16 hidden units, one
 * block column). Here B = the largest power of two with B^2 <= W*T (<= 16)
 * and the hidden units span 16 / B block columns (blockIdx.x); with B = 16
 * that is Rodinia's launch. */
#include "weft_device.h"
#include "weft_float.h"
#include "rd_backprop.h"

#define B_MAX RD_BP_MAX_B

static WEFT_SHARED float input_node[B_MAX];
static WEFT_SHARED float weight_matrix[B_MAX * B_MAX];

WEFT_KERNEL void rd_bp_layerforward(const void *argp)
{
    const rd_backprop_args_t *arg = argp;
    const int32_t bs = (int32_t)blockDim.x;  /* WIDTH = HEIGHT */
    const int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y;
    const int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;
    const int32_t hid = arg->hid;
    const float *input_cuda = WEFT_PTR(const float, arg->input);
    float *input_hidden_cuda = WEFT_PTR(float, arg->input_hidden);
    float *hidden_partial_sum = WEFT_PTR(float, arg->partial_sum);
    const int32_t hx = bx * bs + tx;  /* hidden unit - 1 (Rodinia: tx) */
    const int32_t index = (hid + 1) * bs * by + (hid + 1) * ty + hx + 1 + (hid + 1);
    const int32_t index_in = bs * by + ty + 1;

    WEFT_IF(tx == 0) {
        input_node[ty] = input_cuda[index_in];
    } WEFT_ENDIF
    weft_syncthreads();
    weight_matrix[ty * bs + tx] = input_hidden_cuda[index];
    weft_syncthreads();
    weight_matrix[ty * bs + tx] = weight_matrix[ty * bs + tx] * input_node[ty];
    weft_syncthreads();
    for (int32_t i = 1; i <= bs; i = i * 2) {  /* uniform */
        const int32_t power_two = i;
        WEFT_IF(ty % power_two == 0) {
            weight_matrix[ty * bs + tx] = weight_matrix[ty * bs + tx] + weight_matrix[(ty + power_two / 2) * bs + tx];
        } WEFT_ENDIF
        weft_syncthreads();
    }
    input_hidden_cuda[index] = weight_matrix[ty * bs + tx];
    weft_syncthreads();
    WEFT_IF(tx == 0) {
        hidden_partial_sum[by * hid + bx * bs + ty] = weight_matrix[tx * bs + ty];
    } WEFT_ENDIF
}

WEFT_KERNEL void rd_bp_adjust_weights(const void *argp)
{
    const rd_backprop_args_t *arg = argp;
    const int32_t bs = (int32_t)blockDim.x;
    const int32_t bx = (int32_t)blockIdx.x, by = (int32_t)blockIdx.y;
    const int32_t tx = (int32_t)threadIdx.x, ty = (int32_t)threadIdx.y;
    const int32_t hid = arg->hid;
    const float *delta = WEFT_PTR(const float, arg->delta);
    const float *ly = WEFT_PTR(const float, arg->input);
    float *w = WEFT_PTR(float, arg->input_hidden);
    float *oldw = WEFT_PTR(float, arg->oldw);
    const int32_t hx = bx * bs + tx;
    const int32_t index = (hid + 1) * bs * by + (hid + 1) * ty + hx + 1 + (hid + 1);
    const int32_t index_y = bs * by + ty + 1;
    const int32_t index_x = hx + 1;

    const float dw = __builtin_fmaf(RD_BP_ETA * delta[index_x], ly[index_y], RD_BP_MOMENTUM * oldw[index]);
    w[index] += dw;
    oldw[index] = dw;
    weft_syncthreads();
    WEFT_IF((ty == 0) & (by == 0)) {
        const float d0 = __builtin_fmaf(RD_BP_ETA, delta[index_x], RD_BP_MOMENTUM * oldw[index_x]);
        w[index_x] += d0;
        oldw[index_x] = d0;
    } WEFT_ENDIF
}
