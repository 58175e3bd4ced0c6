% Strings passed to and returned from functions.
function y = greet(name)
    y = strcat("hello ", name)
endfunction
print greet("world")
% expect: hello world
