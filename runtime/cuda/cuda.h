/*
 * cuda.h - what the rest of the runtime asks the CUDA engine beyond the engine table
 * (engine.h rt_cuda_engine): the device it found.
 */
#ifndef RT_CUDA_CUDA_H
#define RT_CUDA_CUDA_H

/* The name of the device kernels run on, and its compute capability (90 for sm_90) in
 * *arch; NULL (and 0) when there is no usable device. Probes once. */
const char *rt_cuda_device_name(int *arch);

#endif
