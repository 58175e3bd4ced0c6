% An out-of-range error names the whole index, every coordinate as the program gave it
% (a range index: the first element outside), and the array's size.
A = zeros(3, 4)
x = 5
try
    print A[x, 0..1]
catch e
    print e
endtry
try
    print A[0..1, 2, 7]
catch e
    print e
endtry
print A[1, x + 1]
% expect: index out of range: A[5,0] with size(A) = [3,4]
% expect: index out of range: A[0,2,7] with size(A) = [3,4]
% expect error: line 15: index out of range: A[1,6] with size(A) = [3,4]
