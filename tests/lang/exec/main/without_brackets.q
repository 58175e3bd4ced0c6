% function main() without "[] =" is a main function too.
function main()
    print "m"
endfunction
% expect: m
