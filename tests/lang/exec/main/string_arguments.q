% Command-line arguments are passed to main as strings.
% args: 3 abc
function [] = main(a, b)
    print a, "|", b
    print type(a), " ", type(b)
endfunction
% expect: 3|abc
% expect: string string
