% interp_loop.q - host interpreter speed: 10^7 iterations of scalar arithmetic and a call.
%
% The same program as interp_loop.lua; bench/run.sh times both and checks that they print
% the same line. Each iteration adds exactly 1 to s (f(i) - i * 0.5 = 1), and every
% intermediate value is an integer or a half-integer below 2^23, so the result is exact in
% single precision (qpipe's default) as well as in double (Lua): both print 10000000.0.
%
%   build/qpipe exec bench/interp_loop.q

function y = f(x)
    y = x * 0.5 + 1
endfunction

s = 0.0
for i = 0..9999999
    s = s + (f(i) - i * 0.5)
endfor
printf("%.1f\n", s)
