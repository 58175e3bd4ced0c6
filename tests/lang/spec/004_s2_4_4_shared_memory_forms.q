% spec: 004 §2.4.4 "Advanced usage: shared memory and synchronization" (reference manual excerpt)
% repaired: typographic apostrophes in the comments made ASCII
% run: parse
% example: shared memory allocation forms
var1 = shared(dim); % vector
var2 = shared(dim1,dim2); % matrix
var3 = shared(dim1,dim2,dim3); % cube
var4 = shared_zeros(dim); % vector initialized with 0's
var5 = shared_zeros(dim1,dim2); % matrix initialized with 0's
var6 = shared_zeros(dim1,dim2,dim3); % cube initialized with 0's
var7 = shared[uint8](dims) % generic memory allocation
var8 = shared_zeros[uint64](dims)
% generic memory allocation initialized with 0's
syncthreads % REQUIRED in case of shared_zeros!!!
