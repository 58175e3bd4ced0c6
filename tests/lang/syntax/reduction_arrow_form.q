% run: dump
% pins: the CUDA guide's form reduction x -> pattern -> replacement
reduction x -> real(ifft3(x)) -> irealfft3(x)
% expect: (reduction (x) (call real (call ifft3 x)) (call irealfft3 x))
