% run: check
% A module declaring a reduction (imported by imported_reduction.q).
function y = encode(x)
    y = x + 100
endfunction

function y = decode(x)
    y = x - 100
endfunction

function y = checked_decode(x)
    print "decoding"
    y = decode(x)
endfunction

reduction x -> checked_decode(encode(x)) = x
