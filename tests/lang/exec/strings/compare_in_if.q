% A string comparison as an if condition (the spec's colortransform test).
function y = describe(cname)
    if cname == "hsv2rgb"
        y = "supported"
    else
        y = "not supported"
    endif
endfunction
print describe("hsv2rgb")
print describe("lab")
% expect: supported
% expect: not supported
