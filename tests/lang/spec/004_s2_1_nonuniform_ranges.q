% spec: 004 §2.1 "Control structures" (reference manual excerpt)
% repaired: nothing
% run: exec
% example: non-uniform ranges
for powerOfTwo=[1,2,4,8,16,32,64,128]
    print powerOfTwo
endfor
% or more conveniently as:
for powerOfTwo=2.^(1..7)
    print powerOfTwo
endfor
% expect: 1
% expect: 2
% expect: 4
% expect: 8
% expect: 16
% expect: 32
% expect: 64
% expect: 128
% expect: 2
% expect: 4
% expect: 8
% expect: 16
% expect: 32
% expect: 64
% expect: 128
