% function [] = main() runs after the whole top level.
print "top"
function [] = main()
    print "in main"
endfunction
print "top again"
% expect: top
% expect: top again
% expect: in main
