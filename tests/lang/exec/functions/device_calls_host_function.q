% A device function called from host code runs interpreted, but still only calls device
% functions (spec 001 "Functions in Quasar").
function y = host_inc(x)
    y = x + 1
endfunction

function y = __device__ dev_inc(x : scalar)
    y = x + 1
endfunction

function y = __device__ dev_ok(x : scalar)
    y = dev_inc(x) * 2
endfunction

function y = __device__ dev_bad(x : scalar)
    y = host_inc(x) * 2
endfunction

print dev_ok(1)
print host_inc(dev_ok(2))
print dev_bad(1)
% expect: 4
% expect: 7
% expect error: line 16: the host function 'host_inc' cannot be called from a kernel or device function
