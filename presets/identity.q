% identity.q - a filter that changes nothing.
%
% Every frame passes through as it came: what remains is the cost of decoding and encoding
% (bench/), and an image written back equals the one read.
%
% No parameters.
function y = process(x)
    y = x
endfunction
