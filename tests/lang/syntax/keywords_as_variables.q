% run: dump
% pins: print, error and syncthreads followed by '=', '[' or '.' are variables, not statements
print = 1
error[0] = 2
syncthreads.x = 3
% expect: (= print 1)
% expect: (= (index error 0) 2)
% expect: (= (. syncthreads x) 3)
